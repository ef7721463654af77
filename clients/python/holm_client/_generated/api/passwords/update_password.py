from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.update_password_body import UpdatePasswordBody
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: UpdatePasswordBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/update-password",
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
    body: UpdatePasswordBody,
) -> Response[Any]:
    """Update a password

     The password is changed, the user's password reset requests and email update requests are deleted,
    and every [session](#sessions) of the user but `session_id` ends, in the same transaction;
    `session_id` must be a live session of this user, else NOT_FOUND before anything else is judged, and
    nothing changes.

    The new password is checked against the leak list before the current password is checked, so a weak
    new password answers `WEAK_PASSWORD` without costing a hash or a guess. The change is a compare-and-
    swap on the password hash that was verified: if the password changed in between (a parallel reset or
    update), the call answers `INCORRECT_PASSWORD` and changes nothing.

    Holm's own sessions end with the change; if your application keeps sessions of its own, end them
    too.

    Args:
        user_id (str):
        body (UpdatePasswordBody):

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
    body: UpdatePasswordBody,
) -> Response[Any]:
    """Update a password

     The password is changed, the user's password reset requests and email update requests are deleted,
    and every [session](#sessions) of the user but `session_id` ends, in the same transaction;
    `session_id` must be a live session of this user, else NOT_FOUND before anything else is judged, and
    nothing changes.

    The new password is checked against the leak list before the current password is checked, so a weak
    new password answers `WEAK_PASSWORD` without costing a hash or a guess. The change is a compare-and-
    swap on the password hash that was verified: if the password changed in between (a parallel reset or
    update), the call answers `INCORRECT_PASSWORD` and changes nothing.

    Holm's own sessions end with the change; if your application keeps sessions of its own, end them
    too.

    Args:
        user_id (str):
        body (UpdatePasswordBody):

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
