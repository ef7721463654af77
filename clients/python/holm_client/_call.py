"""One call of an operation, as a generated method hands it to the facade (Holm or AsyncHolm)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Dict, Optional


@dataclass(frozen=True)
class Call:
    endpoint: ModuleType
    """The generated endpoint module (its sync_detailed and asyncio_detailed)."""
    path: Dict[str, str] = field(default_factory=dict)
    """Path parameters by name, in the order of the path (each must be a Holm id: _path.py)."""
    body: Optional[Dict[str, Any]] = None
    """Body fields by their wire names (None: absent), or None for an operation without a body."""
    body_model: Any = None
    """The generated model the body is built as."""
    query: Dict[str, Any] = field(default_factory=dict)
    """Query parameters by the generated endpoint's argument names."""
    paginated: bool = False
    """Whether the answer is a page with X-Pagination-Total headers (a UserPage)."""
