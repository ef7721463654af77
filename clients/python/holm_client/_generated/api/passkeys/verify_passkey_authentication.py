from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.passkey_sign_in import PasskeySignIn
from ...models.verify_passkey_authentication_body import VerifyPasskeyAuthenticationBody
from ...types import Response


def _get_kwargs(
    ceremony_id: str,
    *,
    body: VerifyPasskeyAuthenticationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/passkey-authentications/{path_segment('ceremony_id', ceremony_id)}/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[PasskeySignIn]:
    if response.status_code == 200:
        response_200 = PasskeySignIn.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[PasskeySignIn]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyAuthenticationBody,
) -> Response[PasskeySignIn]:
    """Verify a passkey sign-in

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The
    limits are checked first: a failed assertion counts as an incorrect password for `client_ip` and for
    the passkey's user (5 per address, 10 per user in 15 minutes). Then the ceremony is used up,
    whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used;
    INVALID_CREDENTIAL when a check fails (a counter that did not go up also logs
    passkey_counter_regressed). NOT_ALLOWED when passkeys are off. A user with `totp_registered` may
    still be asked for a TOTP code, as your policy wants ([passkeys.md](passkeys.md#trade-offs)).

    Args:
        ceremony_id (str):
        body (VerifyPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PasskeySignIn]
    """

    kwargs = _get_kwargs(
        ceremony_id=ceremony_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyAuthenticationBody,
) -> Optional[PasskeySignIn]:
    """Verify a passkey sign-in

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The
    limits are checked first: a failed assertion counts as an incorrect password for `client_ip` and for
    the passkey's user (5 per address, 10 per user in 15 minutes). Then the ceremony is used up,
    whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used;
    INVALID_CREDENTIAL when a check fails (a counter that did not go up also logs
    passkey_counter_regressed). NOT_ALLOWED when passkeys are off. A user with `totp_registered` may
    still be asked for a TOTP code, as your policy wants ([passkeys.md](passkeys.md#trade-offs)).

    Args:
        ceremony_id (str):
        body (VerifyPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PasskeySignIn
    """

    return sync_detailed(
        ceremony_id=ceremony_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyAuthenticationBody,
) -> Response[PasskeySignIn]:
    """Verify a passkey sign-in

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The
    limits are checked first: a failed assertion counts as an incorrect password for `client_ip` and for
    the passkey's user (5 per address, 10 per user in 15 minutes). Then the ceremony is used up,
    whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used;
    INVALID_CREDENTIAL when a check fails (a counter that did not go up also logs
    passkey_counter_regressed). NOT_ALLOWED when passkeys are off. A user with `totp_registered` may
    still be asked for a TOTP code, as your policy wants ([passkeys.md](passkeys.md#trade-offs)).

    Args:
        ceremony_id (str):
        body (VerifyPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PasskeySignIn]
    """

    kwargs = _get_kwargs(
        ceremony_id=ceremony_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyAuthenticationBody,
) -> Optional[PasskeySignIn]:
    """Verify a passkey sign-in

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The
    limits are checked first: a failed assertion counts as an incorrect password for `client_ip` and for
    the passkey's user (5 per address, 10 per user in 15 minutes). Then the ceremony is used up,
    whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used;
    INVALID_CREDENTIAL when a check fails (a counter that did not go up also logs
    passkey_counter_regressed). NOT_ALLOWED when passkeys are off. A user with `totp_registered` may
    still be asked for a TOTP code, as your policy wants ([passkeys.md](passkeys.md#trade-offs)).

    Args:
        ceremony_id (str):
        body (VerifyPasskeyAuthenticationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PasskeySignIn
    """

    return (
        await asyncio_detailed(
            ceremony_id=ceremony_id,
            client=client,
            body=body,
        )
    ).parsed
