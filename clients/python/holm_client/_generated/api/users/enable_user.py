from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.enable_user_body import EnableUserBody
from ...models.user import User
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: EnableUserBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/enable",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[User]:
    if response.status_code == 200:
        response_200 = User.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[User]:
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
    body: EnableUserBody,
) -> Response[User]:
    """Enable a user

     No body needed. Ends a disable, and records a `user_enabled` event; the user's sessions do not come
    back. Enabling a user that is not disabled (never was, or its `until` has passed) changes nothing
    and records nothing.

    Args:
        user_id (str):
        body (EnableUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[User]
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
    body: EnableUserBody,
) -> Optional[User]:
    """Enable a user

     No body needed. Ends a disable, and records a `user_enabled` event; the user's sessions do not come
    back. Enabling a user that is not disabled (never was, or its `until` has passed) changes nothing
    and records nothing.

    Args:
        user_id (str):
        body (EnableUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        User
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
    body: EnableUserBody,
) -> Response[User]:
    """Enable a user

     No body needed. Ends a disable, and records a `user_enabled` event; the user's sessions do not come
    back. Enabling a user that is not disabled (never was, or its `until` has passed) changes nothing
    and records nothing.

    Args:
        user_id (str):
        body (EnableUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[User]
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
    body: EnableUserBody,
) -> Optional[User]:
    """Enable a user

     No body needed. Ends a disable, and records a `user_enabled` event; the user's sessions do not come
    back. Enabling a user that is not disabled (never was, or its `until` has passed) changes nothing
    and records nothing.

    Args:
        user_id (str):
        body (EnableUserBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        User
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
