from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.passkey_authentication import PasskeyAuthentication
from ...models.start_passkey_authentication_body import StartPasskeyAuthenticationBody
from ...types import Response


def _get_kwargs(
    *,
    body: StartPasskeyAuthenticationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/passkey-authentications",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[PasskeyAuthentication]:
    if response.status_code == 200:
        response_200 = PasskeyAuthentication.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[PasskeyAuthentication]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartPasskeyAuthenticationBody,
) -> Response[PasskeyAuthentication]:
    """Start a passkey sign-in

     Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to
    `navigator.credentials.get({ publicKey })`. With `user_id`, `allowCredentials` lists that user's
    passkeys; without, it is empty, for a discoverable (username-less) sign-in. TOO_MANY_REQUESTS while
    `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are
    off.

    Args:
        body (StartPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PasskeyAuthentication]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartPasskeyAuthenticationBody,
) -> Optional[PasskeyAuthentication]:
    """Start a passkey sign-in

     Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to
    `navigator.credentials.get({ publicKey })`. With `user_id`, `allowCredentials` lists that user's
    passkeys; without, it is empty, for a discoverable (username-less) sign-in. TOO_MANY_REQUESTS while
    `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are
    off.

    Args:
        body (StartPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PasskeyAuthentication
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartPasskeyAuthenticationBody,
) -> Response[PasskeyAuthentication]:
    """Start a passkey sign-in

     Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to
    `navigator.credentials.get({ publicKey })`. With `user_id`, `allowCredentials` lists that user's
    passkeys; without, it is empty, for a discoverable (username-less) sign-in. TOO_MANY_REQUESTS while
    `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are
    off.

    Args:
        body (StartPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PasskeyAuthentication]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartPasskeyAuthenticationBody,
) -> Optional[PasskeyAuthentication]:
    """Start a passkey sign-in

     Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to
    `navigator.credentials.get({ publicKey })`. With `user_id`, `allowCredentials` lists that user's
    passkeys; without, it is empty, for a discoverable (username-less) sign-in. TOO_MANY_REQUESTS while
    `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are
    off.

    Args:
        body (StartPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PasskeyAuthentication
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
