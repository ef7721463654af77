from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.email_sign_in import EmailSignIn
from ...models.verify_email_sign_in_body import VerifyEmailSignInBody
from ...types import Response


def _get_kwargs(
    request_id: str,
    *,
    body: VerifyEmailSignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/email-sign-ins/{path_segment('request_id', request_id)}/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[EmailSignIn]:
    if response.status_code == 200:
        response_200 = EmailSignIn.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[EmailSignIn]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    request_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyEmailSignInBody,
) -> Response[EmailSignIn]:
    r"""Sign in with an email code

     A correct code uses the request up (of two parallel verifies, one succeeds), marks the email
    verified and signs the user in. With create_user and nobody holding the email, creates a
    passwordless user. INVALID_REQUEST when the request is absent, expired, used or superseded; the 5th
    incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request
    that named nobody. The per-user password block does not apply (guessing passwords must not lock a
    user out of every way in); its own limit is 5 codes per request. An email code is a first factor:
    when `totp_registered` is `true`, ask for the TOTP code as after a password.

    A correct code is a `sign_in` event with `\"method\": \"email_code\"` (of two verifies at once, on
    any instances, one succeeds and the other answers `INVALID_REQUEST`). It signs in the user the
    request named (who held the address when the request was made, and still does). When the request
    named nobody: with `create_user: true`, a user is created (email verified, no password: every
    password check answers `INCORRECT_PASSWORD` until a reset sets one), `created` is `true`, and a
    `user_created` event is written; without it, `user` is `null`: you know only that the visitor
    receives mail at that address.

    When the user's `email_verified` was `false`, the code is the first proof of the address and the
    account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-
    account)): in the same transaction the password, TOTP credential, passkeys, sessions and pending
    requests are removed, the recovery code is replaced, and an `account_claimed` event records what was
    there.

    Args:
        request_id (str):
        body (VerifyEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailSignIn]
    """

    kwargs = _get_kwargs(
        request_id=request_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    request_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyEmailSignInBody,
) -> Optional[EmailSignIn]:
    r"""Sign in with an email code

     A correct code uses the request up (of two parallel verifies, one succeeds), marks the email
    verified and signs the user in. With create_user and nobody holding the email, creates a
    passwordless user. INVALID_REQUEST when the request is absent, expired, used or superseded; the 5th
    incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request
    that named nobody. The per-user password block does not apply (guessing passwords must not lock a
    user out of every way in); its own limit is 5 codes per request. An email code is a first factor:
    when `totp_registered` is `true`, ask for the TOTP code as after a password.

    A correct code is a `sign_in` event with `\"method\": \"email_code\"` (of two verifies at once, on
    any instances, one succeeds and the other answers `INVALID_REQUEST`). It signs in the user the
    request named (who held the address when the request was made, and still does). When the request
    named nobody: with `create_user: true`, a user is created (email verified, no password: every
    password check answers `INCORRECT_PASSWORD` until a reset sets one), `created` is `true`, and a
    `user_created` event is written; without it, `user` is `null`: you know only that the visitor
    receives mail at that address.

    When the user's `email_verified` was `false`, the code is the first proof of the address and the
    account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-
    account)): in the same transaction the password, TOTP credential, passkeys, sessions and pending
    requests are removed, the recovery code is replaced, and an `account_claimed` event records what was
    there.

    Args:
        request_id (str):
        body (VerifyEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailSignIn
    """

    return sync_detailed(
        request_id=request_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    request_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyEmailSignInBody,
) -> Response[EmailSignIn]:
    r"""Sign in with an email code

     A correct code uses the request up (of two parallel verifies, one succeeds), marks the email
    verified and signs the user in. With create_user and nobody holding the email, creates a
    passwordless user. INVALID_REQUEST when the request is absent, expired, used or superseded; the 5th
    incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request
    that named nobody. The per-user password block does not apply (guessing passwords must not lock a
    user out of every way in); its own limit is 5 codes per request. An email code is a first factor:
    when `totp_registered` is `true`, ask for the TOTP code as after a password.

    A correct code is a `sign_in` event with `\"method\": \"email_code\"` (of two verifies at once, on
    any instances, one succeeds and the other answers `INVALID_REQUEST`). It signs in the user the
    request named (who held the address when the request was made, and still does). When the request
    named nobody: with `create_user: true`, a user is created (email verified, no password: every
    password check answers `INCORRECT_PASSWORD` until a reset sets one), `created` is `true`, and a
    `user_created` event is written; without it, `user` is `null`: you know only that the visitor
    receives mail at that address.

    When the user's `email_verified` was `false`, the code is the first proof of the address and the
    account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-
    account)): in the same transaction the password, TOTP credential, passkeys, sessions and pending
    requests are removed, the recovery code is replaced, and an `account_claimed` event records what was
    there.

    Args:
        request_id (str):
        body (VerifyEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailSignIn]
    """

    kwargs = _get_kwargs(
        request_id=request_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    request_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyEmailSignInBody,
) -> Optional[EmailSignIn]:
    r"""Sign in with an email code

     A correct code uses the request up (of two parallel verifies, one succeeds), marks the email
    verified and signs the user in. With create_user and nobody holding the email, creates a
    passwordless user. INVALID_REQUEST when the request is absent, expired, used or superseded; the 5th
    incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request
    that named nobody. The per-user password block does not apply (guessing passwords must not lock a
    user out of every way in); its own limit is 5 codes per request. An email code is a first factor:
    when `totp_registered` is `true`, ask for the TOTP code as after a password.

    A correct code is a `sign_in` event with `\"method\": \"email_code\"` (of two verifies at once, on
    any instances, one succeeds and the other answers `INVALID_REQUEST`). It signs in the user the
    request named (who held the address when the request was made, and still does). When the request
    named nobody: with `create_user: true`, a user is created (email verified, no password: every
    password check answers `INCORRECT_PASSWORD` until a reset sets one), `created` is `true`, and a
    `user_created` event is written; without it, `user` is `null`: you know only that the visitor
    receives mail at that address.

    When the user's `email_verified` was `false`, the code is the first proof of the address and the
    account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-
    account)): in the same transaction the password, TOTP credential, passkeys, sessions and pending
    requests are removed, the recovery code is replaced, and an `account_claimed` event records what was
    there.

    Args:
        request_id (str):
        body (VerifyEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailSignIn
    """

    return (
        await asyncio_detailed(
            request_id=request_id,
            client=client,
            body=body,
        )
    ).parsed
