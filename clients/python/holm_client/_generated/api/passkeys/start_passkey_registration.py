from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.passkey_registration import PasskeyRegistration
from ...models.start_passkey_registration_body import StartPasskeyRegistrationBody
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: StartPasskeyRegistrationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/passkey-registrations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[PasskeyRegistration]:
    if response.status_code == 200:
        response_200 = PasskeyRegistration.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[PasskeyRegistration]:
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
    body: StartPasskeyRegistrationBody,
) -> Response[PasskeyRegistration]:
    """Start a passkey registration

     Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to
    `navigator.credentials.create({ publicKey })`. The ceremony lives 5 minutes. The user handle in
    `options.user.id` is 32 random bytes made once per user, never the id or email. `user.name` is the
    user's email, else their id. `excludeCredentials` lists the user's passkeys, so the authenticator
    refuses to register twice.

    Args:
        user_id (str):
        body (StartPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PasskeyRegistration]
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
    body: StartPasskeyRegistrationBody,
) -> Optional[PasskeyRegistration]:
    """Start a passkey registration

     Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to
    `navigator.credentials.create({ publicKey })`. The ceremony lives 5 minutes. The user handle in
    `options.user.id` is 32 random bytes made once per user, never the id or email. `user.name` is the
    user's email, else their id. `excludeCredentials` lists the user's passkeys, so the authenticator
    refuses to register twice.

    Args:
        user_id (str):
        body (StartPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PasskeyRegistration
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
    body: StartPasskeyRegistrationBody,
) -> Response[PasskeyRegistration]:
    """Start a passkey registration

     Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to
    `navigator.credentials.create({ publicKey })`. The ceremony lives 5 minutes. The user handle in
    `options.user.id` is 32 random bytes made once per user, never the id or email. `user.name` is the
    user's email, else their id. `excludeCredentials` lists the user's passkeys, so the authenticator
    refuses to register twice.

    Args:
        user_id (str):
        body (StartPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PasskeyRegistration]
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
    body: StartPasskeyRegistrationBody,
) -> Optional[PasskeyRegistration]:
    """Start a passkey registration

     Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to
    `navigator.credentials.create({ publicKey })`. The ceremony lives 5 minutes. The user handle in
    `options.user.id` is 32 random bytes made once per user, never the id or email. `user.name` is the
    user's email, else their id. `excludeCredentials` lists the user's passkeys, so the authenticator
    refuses to register twice.

    Args:
        user_id (str):
        body (StartPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PasskeyRegistration
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
