from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_session_body import CreateSessionBody
from ...models.created_session import CreatedSession
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: CreateSessionBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/sessions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[CreatedSession]:
    if response.status_code == 200:
        response_200 = CreatedSession.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[CreatedSession]:
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
    body: CreateSessionBody,
) -> Response[CreatedSession]:
    r"""Create a session

     Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never
    again: put it in an HttpOnly, Secure, SameSite=Lax cookie. Creating one more session than
    --sessions-per-user (50) ends the user's least recently used session. new_device tells a receiver of
    the session_created event whether to send a \"new sign-in\" email. See docs/sessions.md.

    The token is `<session id>.<secret>` (65 characters, a 200-bit secret). It is answered once: Holm
    keeps only the SHA-256 of the secret. The least recently used session that ends for the cap is a
    `sessions_ended` event with `reason: \"session_limit\"`. A `session_created` event records the
    session and its `new_device`.

    Args:
        user_id (str):
        body (CreateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedSession]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: CreateSessionBody,
) -> Optional[CreatedSession]:
    r"""Create a session

     Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never
    again: put it in an HttpOnly, Secure, SameSite=Lax cookie. Creating one more session than
    --sessions-per-user (50) ends the user's least recently used session. new_device tells a receiver of
    the session_created event whether to send a \"new sign-in\" email. See docs/sessions.md.

    The token is `<session id>.<secret>` (65 characters, a 200-bit secret). It is answered once: Holm
    keeps only the SHA-256 of the secret. The least recently used session that ends for the cap is a
    `sessions_ended` event with `reason: \"session_limit\"`. A `session_created` event records the
    session and its `new_device`.

    Args:
        user_id (str):
        body (CreateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedSession
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: CreateSessionBody,
) -> Response[CreatedSession]:
    r"""Create a session

     Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never
    again: put it in an HttpOnly, Secure, SameSite=Lax cookie. Creating one more session than
    --sessions-per-user (50) ends the user's least recently used session. new_device tells a receiver of
    the session_created event whether to send a \"new sign-in\" email. See docs/sessions.md.

    The token is `<session id>.<secret>` (65 characters, a 200-bit secret). It is answered once: Holm
    keeps only the SHA-256 of the secret. The least recently used session that ends for the cap is a
    `sessions_ended` event with `reason: \"session_limit\"`. A `session_created` event records the
    session and its `new_device`.

    Args:
        user_id (str):
        body (CreateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedSession]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: CreateSessionBody,
) -> Optional[CreatedSession]:
    r"""Create a session

     Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never
    again: put it in an HttpOnly, Secure, SameSite=Lax cookie. Creating one more session than
    --sessions-per-user (50) ends the user's least recently used session. new_device tells a receiver of
    the session_created event whether to send a \"new sign-in\" email. See docs/sessions.md.

    The token is `<session id>.<secret>` (65 characters, a 200-bit secret). It is answered once: Holm
    keeps only the SHA-256 of the secret. The least recently used session that ends for the cap is a
    `sessions_ended` event with `reason: \"session_limit\"`. A `session_created` event records the
    session and its `new_device`.

    Args:
        user_id (str):
        body (CreateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedSession
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
