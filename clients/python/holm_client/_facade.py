"""What the generated code cannot say: the secret header, one error type, and wire names.

The methods themselves are generated (_operations.py); each one hands a Call (its endpoint, path
parameters, body fields by their wire names, query parameters) to `_send`, which checks the path
parameters (a ValueError for one that is not a Holm id: _path.py), calls the openapi-python-client
endpoint and turns the answer into a model, a list, None or a HolmError.
"""

from __future__ import annotations

import json
from types import TracebackType
from typing import Any, Dict, Mapping, Optional, Type

import attrs
import httpx

from ._call import Call
from ._generated import models as _models
from ._generated.client import Client
from ._generated.types import Response
from ._operations import AsyncOperations, Operations
from ._page import UserPage
from ._path import check_path


class HolmError(Exception):
    """Every answer of Holm that is not a success.

    Most codes share status 400: branch on `code`. `retry_after` is the whole seconds until the
    call could succeed (TOO_MANY_REQUESTS, UNAVAILABLE), else None.
    """

    def __init__(self, code: str, status: int, retry_after: Optional[int]) -> None:
        self.code = code
        self.status = status
        self.retry_after = retry_after
        wait = "" if retry_after is None else f", retry after {retry_after} s"
        super().__init__(f"{code} (HTTP {status}{wait})")


def _error(response: Response[Any]) -> HolmError:
    """A body that is not `{"error": CODE}` (a proxy's page, GET /health's 503) gets a code from its status."""
    code = "UNAVAILABLE" if response.status_code == 503 else "UNKNOWN_ERROR"
    try:
        body = json.loads(response.content)
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        code = body["error"]
    header = response.headers.get("Retry-After", "")
    return HolmError(code, int(response.status_code), int(header) if header.isdigit() else None)


def _result(response: Response[Any], paginated: bool) -> Any:
    if not 200 <= response.status_code < 300:
        raise _error(response)
    if paginated:
        headers = response.headers
        total = int(headers.get("X-Pagination-Total", "0"))
        return UserPage(users=response.parsed, total=total, total_pages=int(headers.get("X-Pagination-Total-Pages", "0")))
    return response.parsed


def _arguments(call: Call) -> Dict[str, Any]:
    """The generated endpoint's keyword arguments. The body is built from its wire form, so nested
    objects (a passkey credential, import rows) are given as plain dicts; None means absent."""
    arguments = {name: value for name, value in call.query.items() if value is not None}
    if call.body is not None:
        arguments["body"] = call.body_model.from_dict({field: value for field, value in call.body.items() if value is not None})
    return arguments


def _headers(secret: str) -> Dict[str, str]:
    if not secret:
        raise ValueError("Holm needs its API secret")
    return {"Authorization": secret, "Accept": "application/json"}


class Holm(Operations):
    """Holm's API, one method per operation (named after its operationId in snake_case).

    `Holm("http://127.0.0.1:4000", secret)`; use it as a context manager, or call close().
    """

    def __init__(self, base_url: str, secret: str, timeout: float = 10.0) -> None:
        self._http = httpx.Client(base_url=base_url, headers=_headers(secret), timeout=timeout)
        self._client = Client(base_url=base_url).set_httpx_client(self._http)

    def _send(self, call: Call) -> Any:
        check_path(call.path)
        return _result(call.endpoint.sync_detailed(**call.path, client=self._client, **_arguments(call)), call.paginated)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Holm:
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException], trace: Optional[TracebackType]) -> None:
        self.close()


class AsyncHolm(AsyncOperations):
    """Holm's API for asyncio: the methods of Holm, as coroutines. `async with AsyncHolm(...)`, or aclose()."""

    def __init__(self, base_url: str, secret: str, timeout: float = 10.0) -> None:
        self._http = httpx.AsyncClient(base_url=base_url, headers=_headers(secret), timeout=timeout)
        self._client = Client(base_url=base_url).set_async_httpx_client(self._http)

    async def _send(self, call: Call) -> Any:
        check_path(call.path)
        return _result(await call.endpoint.asyncio_detailed(**call.path, client=self._client, **_arguments(call)), call.paginated)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncHolm:
        return self

    async def __aexit__(
        self, kind: Optional[Type[BaseException]], error: Optional[BaseException], trace: Optional[TracebackType]
    ) -> None:
        await self.aclose()


def _squashed(name: str) -> str:
    return name.replace("_", "").lower()


def _wire_attribute(model: Any, name: str) -> Any:
    """Only reached when `name` is not an attribute: the wire name of one the generator renamed
    (`type` → `type_`, `pubKeyCredParams` → `pub_key_cred_params`)."""
    for field in attrs.fields(type(model)):
        if field.name != name and _squashed(field.name) == _squashed(name) and not name.startswith("_"):
            return getattr(model, field.name)
    raise AttributeError(f"{type(model).__name__!r} object has no attribute {name!r}")


def _accept_wire_names(namespace: Mapping[str, Any]) -> None:
    for value in namespace.values():
        if isinstance(value, type) and attrs.has(value) and "__getattr__" not in vars(value):
            value.__getattr__ = _wire_attribute  # type: ignore[attr-defined]


_accept_wire_names(vars(_models))
