from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.unblock_user_body import UnblockUserBody
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: UnblockUserBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/unblock",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: UnblockUserBody,
) -> Response[Any]:
    """Unblock a user

     No body needed. Ends the user's block of password checks (after 10 incorrect passwords in 15
    minutes) and the locks of `verify-2fa/totp` and `reset-2fa`, and restarts their escalation, so the
    next lock is 15 minutes again. Blocks of *addresses* stay: an address that guessed may be guessing
    at other accounts too. Records a `user_unblocked` event. Use it when a user who was locked out by
    someone else's guesses has proved who they are to you.

    Args:
        user_id (str):
        body (UnblockUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


async def asyncio_detailed(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: UnblockUserBody,
) -> Response[Any]:
    """Unblock a user

     No body needed. Ends the user's block of password checks (after 10 incorrect passwords in 15
    minutes) and the locks of `verify-2fa/totp` and `reset-2fa`, and restarts their escalation, so the
    next lock is 15 minutes again. Blocks of *addresses* stay: an address that guessed may be guessing
    at other accounts too. Records a `user_unblocked` event. Use it when a user who was locked out by
    someone else's guesses has proved who they are to you.

    Args:
        user_id (str):
        body (UnblockUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)
