"""Path parameters. Every one in Holm's API is a Holm id (the rule of the server's src/lib/ids.ts
isId, restated here), so a value that is not one is refused before a URL is made: httpx resolves
a `..` or `.` segment, and an id from untrusted input ("..", "../users/<id>/unblock?") would
otherwise send the call, with the API secret, to another endpoint. What passes is escaped all the
same.

The generated endpoint modules call path_segment where they put a parameter into the URL (a step
of scripts/generate.py after openapi-python-client), so direct use of them is covered too; the
facade calls check_path first, so that a bad id is named before the body is looked at.
tests/test_path_ids.py fails when the document names a parameter of another form."""

from __future__ import annotations

import re
from typing import Mapping
from urllib.parse import quote

from typing_extensions import TypeGuard

ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
_ID = re.compile("[a-km-np-z2-9]{24}")


def is_holm_id(value: object) -> TypeGuard[str]:
    """Whether `value` can name something in Holm: for checking an id from a cookie or a form first."""
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def path_segment(name: str, value: object) -> str:
    """`value` as one escaped path segment; ValueError naming `name` when it is not a Holm id."""
    if not is_holm_id(value):
        raise ValueError(f"{name} must be a Holm id (24 characters of {ID_ALPHABET})")
    return quote(value, safe="")


def check_path(parameters: Mapping[str, object]) -> None:
    """ValueError for the first of the path parameters that is not a Holm id."""
    for name, value in parameters.items():
        path_segment(name, value)
