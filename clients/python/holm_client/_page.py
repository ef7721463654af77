"""One page of `GET /users`: the users and the totals from the pagination headers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List

from ._generated.models import User


@dataclass(frozen=True)
class UserPage:
    users: List[User]
    """The users of this page (empty past the last page)."""
    total: int
    """How many users match, on every page together (X-Pagination-Total)."""
    total_pages: int
    """ceil(total / per_page) (X-Pagination-Total-Pages)."""
