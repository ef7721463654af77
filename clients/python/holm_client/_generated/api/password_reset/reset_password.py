from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.reset_password_body import ResetPasswordBody
from ...types import Response


def _get_kwargs(
    *,
    body: ResetPasswordBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/reset-password",
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
    *,
    client: Union[AuthenticatedClient, Client],
    body: ResetPasswordBody,
) -> Response[Any]:
    """Reset a password

     In one transaction: the password is set, the user's `email_verified` becomes `true` (the code
    reached their inbox), all of the user's password reset requests and email update requests are
    deleted (whoever started an email change may be the reason for the reset), and every session of the
    user ends (`sessions_ended`, reason `password_reset`). For a user whose email was already verified,
    the TOTP credential, passkeys and recovery code are untouched: a user with TOTP still needs it to
    sign in. For a user whose email was **not** verified, the reset is the first proof of the address
    and the account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-
    account)): the TOTP credential, passkeys, pending requests and passkey ceremonies are removed as
    well, the recovery code is replaced, and an `account_claimed` event records what was there. The
    answer is the same `204`.

    Holm has already ended the user's sessions; if your application keeps sessions of its own, end them
    too.

    Args:
        body (ResetPasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ResetPasswordBody,
) -> Response[Any]:
    """Reset a password

     In one transaction: the password is set, the user's `email_verified` becomes `true` (the code
    reached their inbox), all of the user's password reset requests and email update requests are
    deleted (whoever started an email change may be the reason for the reset), and every session of the
    user ends (`sessions_ended`, reason `password_reset`). For a user whose email was already verified,
    the TOTP credential, passkeys and recovery code are untouched: a user with TOTP still needs it to
    sign in. For a user whose email was **not** verified, the reset is the first proof of the address
    and the account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-
    account)): the TOTP credential, passkeys, pending requests and passkey ceremonies are removed as
    well, the recovery code is replaced, and an `account_claimed` event records what was there. The
    answer is the same `204`.

    Holm has already ended the user's sessions; if your application keeps sessions of its own, end them
    too.

    Args:
        body (ResetPasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)
