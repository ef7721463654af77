from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.verify_totp_body import VerifyTotpBody
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: VerifyTotpBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/verify-2fa/totp",
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
    body: VerifyTotpBody,
) -> Response[Any]:
    """Verify a TOTP code

     Each code works once. 5 incorrect codes in a row lock the check (TOO_MANY_REQUESTS, even for the
    right code). NOT_ALLOWED when the user has no TOTP credential. With `session_id` (a live session of
    this user, else NOT_FOUND before the code is judged), a correct code records that session's
    second_factor_verified_at. One 30-second step of clock drift either way is accepted; a code from a
    time step at or before the last accepted one (the registering code included) is `INCORRECT_CODE`.

    Args:
        user_id (str):
        body (VerifyTotpBody):

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
    body: VerifyTotpBody,
) -> Response[Any]:
    """Verify a TOTP code

     Each code works once. 5 incorrect codes in a row lock the check (TOO_MANY_REQUESTS, even for the
    right code). NOT_ALLOWED when the user has no TOTP credential. With `session_id` (a live session of
    this user, else NOT_FOUND before the code is judged), a correct code records that session's
    second_factor_verified_at. One 30-second step of clock drift either way is accepted; a code from a
    time step at or before the last accepted one (the registering code included) is `INCORRECT_CODE`.

    Args:
        user_id (str):
        body (VerifyTotpBody):

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
