from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.register_totp_body import RegisterTotpBody
from ...models.totp_credential import TotpCredential
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: RegisterTotpBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/register-totp",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[TotpCredential]:
    if response.status_code == 200:
        response_200 = TotpCredential.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[TotpCredential]:
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
    body: RegisterTotpBody,
) -> Response[TotpCredential]:
    r"""Register a TOTP credential

     Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20
    bytes. It is stored only if `code` matches it (one 30-second step of drift either way).

    Your backend makes the key (20 random bytes) and shows it to the user, usually as a QR code of an
    `otpauth://` URI ([flows.md](flows.md#register-an-authenticator-app-totp)). The user's app then
    shows a code, and this call stores the key only if that code matches: a mis-scanned key is caught
    here. The registering code cannot be used again to sign in. Registering the key that is already
    registered keeps the last step used so far, so no code that was accepted before can pass again (re-
    running your \"set up 2FA\" step with an older code does not reopen used codes); a different key
    starts from its own registering code.

    Args:
        user_id (str):
        body (RegisterTotpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[TotpCredential]
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
    body: RegisterTotpBody,
) -> Optional[TotpCredential]:
    r"""Register a TOTP credential

     Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20
    bytes. It is stored only if `code` matches it (one 30-second step of drift either way).

    Your backend makes the key (20 random bytes) and shows it to the user, usually as a QR code of an
    `otpauth://` URI ([flows.md](flows.md#register-an-authenticator-app-totp)). The user's app then
    shows a code, and this call stores the key only if that code matches: a mis-scanned key is caught
    here. The registering code cannot be used again to sign in. Registering the key that is already
    registered keeps the last step used so far, so no code that was accepted before can pass again (re-
    running your \"set up 2FA\" step with an older code does not reopen used codes); a different key
    starts from its own registering code.

    Args:
        user_id (str):
        body (RegisterTotpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        TotpCredential
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
    body: RegisterTotpBody,
) -> Response[TotpCredential]:
    r"""Register a TOTP credential

     Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20
    bytes. It is stored only if `code` matches it (one 30-second step of drift either way).

    Your backend makes the key (20 random bytes) and shows it to the user, usually as a QR code of an
    `otpauth://` URI ([flows.md](flows.md#register-an-authenticator-app-totp)). The user's app then
    shows a code, and this call stores the key only if that code matches: a mis-scanned key is caught
    here. The registering code cannot be used again to sign in. Registering the key that is already
    registered keeps the last step used so far, so no code that was accepted before can pass again (re-
    running your \"set up 2FA\" step with an older code does not reopen used codes); a different key
    starts from its own registering code.

    Args:
        user_id (str):
        body (RegisterTotpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[TotpCredential]
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
    body: RegisterTotpBody,
) -> Optional[TotpCredential]:
    r"""Register a TOTP credential

     Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20
    bytes. It is stored only if `code` matches it (one 30-second step of drift either way).

    Your backend makes the key (20 random bytes) and shows it to the user, usually as a QR code of an
    `otpauth://` URI ([flows.md](flows.md#register-an-authenticator-app-totp)). The user's app then
    shows a code, and this call stores the key only if that code matches: a mis-scanned key is caught
    here. The registering code cannot be used again to sign in. Registering the key that is already
    registered keeps the last step used so far, so no code that was accepted before can pass again (re-
    running your \"set up 2FA\" step with an older code does not reopen used codes); a different key
    starts from its own registering code.

    Args:
        user_id (str):
        body (RegisterTotpBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        TotpCredential
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
