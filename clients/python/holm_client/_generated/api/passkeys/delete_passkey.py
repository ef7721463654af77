from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import UNSET, Response, Unset


def _get_kwargs(
    passkey_id: str,
    *,
    session_id: Union[Unset, str] = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["session_id"] = session_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": f"/passkeys/{path_segment('passkey_id', passkey_id)}",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[Any]:
    if response.status_code == 204:
        return None

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[Any]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    passkey_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    session_id: Union[Unset, str] = UNSET,
) -> Response[Any]:
    """Delete a passkey

     The authenticator keeps its copy; the user may remove it there too. Every other session of the user
    ends in the same transaction (a lost phone's passkey removed signs that phone out); the query
    parameter `session_id` (a live session of this user, else NOT_FOUND before anything else is judged,
    and nothing changes) stays signed in (`sessions_ended`, reason `passkey_removed`). A
    `passkey_deleted` security event. Deleting a user deletes their passkeys. Answers NOT_ALLOWED when
    passkeys are off (no `--passkey-rp-id`).

    Args:
        passkey_id (str):
        session_id (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        passkey_id=passkey_id,
        session_id=session_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


async def asyncio_detailed(
    passkey_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    session_id: Union[Unset, str] = UNSET,
) -> Response[Any]:
    """Delete a passkey

     The authenticator keeps its copy; the user may remove it there too. Every other session of the user
    ends in the same transaction (a lost phone's passkey removed signs that phone out); the query
    parameter `session_id` (a live session of this user, else NOT_FOUND before anything else is judged,
    and nothing changes) stays signed in (`sessions_ended`, reason `passkey_removed`). A
    `passkey_deleted` security event. Deleting a user deletes their passkeys. Answers NOT_ALLOWED when
    passkeys are off (no `--passkey-rp-id`).

    Args:
        passkey_id (str):
        session_id (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        passkey_id=passkey_id,
        session_id=session_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)
