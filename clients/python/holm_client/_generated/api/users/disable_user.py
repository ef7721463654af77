from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.disable_user_body import DisableUserBody
from ...models.user import User
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: DisableUserBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/disable",
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
    body: DisableUserBody,
) -> Response[User]:
    r"""Disable a user

     Stops an account without deleting it: abuse, a dispute, a departed employee. Every way in then
    answers `403 USER_DISABLED` once its credential has proved correct (a wrong one answers as it always
    does, so the answer tells nothing to someone who does not know the password): [verify-
    password](#verify-a-password), [authenticate/password](#sign-in-with-email-and-password), an [email
    code](#sign-in-with-an-email-code), a [passkey sign-in](#verify-a-passkey-sign-in) and an identity
    provider's verify; [creating a session](#create-a-session) answers `USER_DISABLED` too. The code or
    passkey ceremony is used up, and nothing else happens: no sign-in, no claim of an unverified account
    ([security.md](security.md#a-disabled-user)), but a `sign_in_failed` event with `\"reason\":
    \"user_disabled\"`. Everything else (resets, requests, second factors, passkey registration, reading
    and listing) works as before, so enabling brings back a consistent account.

    In the same transaction every [session](#sessions) of the user ends (`sessions_ended`, reason
    `user_disabled`) and a `user_disabled` event records `data.reason` and `data.until` (`null` for
    none). Disabling a disabled user replaces its reason and end (another `user_disabled`). Once `until`
    has passed, the user answers as enabled (`disabled: false`, `disabled_until: null`) by itself,
    everywhere at once and with no event; the sessions that ended do not come back.

    Args:
        user_id (str):
        body (DisableUserBody):

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
    body: DisableUserBody,
) -> Optional[User]:
    r"""Disable a user

     Stops an account without deleting it: abuse, a dispute, a departed employee. Every way in then
    answers `403 USER_DISABLED` once its credential has proved correct (a wrong one answers as it always
    does, so the answer tells nothing to someone who does not know the password): [verify-
    password](#verify-a-password), [authenticate/password](#sign-in-with-email-and-password), an [email
    code](#sign-in-with-an-email-code), a [passkey sign-in](#verify-a-passkey-sign-in) and an identity
    provider's verify; [creating a session](#create-a-session) answers `USER_DISABLED` too. The code or
    passkey ceremony is used up, and nothing else happens: no sign-in, no claim of an unverified account
    ([security.md](security.md#a-disabled-user)), but a `sign_in_failed` event with `\"reason\":
    \"user_disabled\"`. Everything else (resets, requests, second factors, passkey registration, reading
    and listing) works as before, so enabling brings back a consistent account.

    In the same transaction every [session](#sessions) of the user ends (`sessions_ended`, reason
    `user_disabled`) and a `user_disabled` event records `data.reason` and `data.until` (`null` for
    none). Disabling a disabled user replaces its reason and end (another `user_disabled`). Once `until`
    has passed, the user answers as enabled (`disabled: false`, `disabled_until: null`) by itself,
    everywhere at once and with no event; the sessions that ended do not come back.

    Args:
        user_id (str):
        body (DisableUserBody):

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
    body: DisableUserBody,
) -> Response[User]:
    r"""Disable a user

     Stops an account without deleting it: abuse, a dispute, a departed employee. Every way in then
    answers `403 USER_DISABLED` once its credential has proved correct (a wrong one answers as it always
    does, so the answer tells nothing to someone who does not know the password): [verify-
    password](#verify-a-password), [authenticate/password](#sign-in-with-email-and-password), an [email
    code](#sign-in-with-an-email-code), a [passkey sign-in](#verify-a-passkey-sign-in) and an identity
    provider's verify; [creating a session](#create-a-session) answers `USER_DISABLED` too. The code or
    passkey ceremony is used up, and nothing else happens: no sign-in, no claim of an unverified account
    ([security.md](security.md#a-disabled-user)), but a `sign_in_failed` event with `\"reason\":
    \"user_disabled\"`. Everything else (resets, requests, second factors, passkey registration, reading
    and listing) works as before, so enabling brings back a consistent account.

    In the same transaction every [session](#sessions) of the user ends (`sessions_ended`, reason
    `user_disabled`) and a `user_disabled` event records `data.reason` and `data.until` (`null` for
    none). Disabling a disabled user replaces its reason and end (another `user_disabled`). Once `until`
    has passed, the user answers as enabled (`disabled: false`, `disabled_until: null`) by itself,
    everywhere at once and with no event; the sessions that ended do not come back.

    Args:
        user_id (str):
        body (DisableUserBody):

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
    body: DisableUserBody,
) -> Optional[User]:
    r"""Disable a user

     Stops an account without deleting it: abuse, a dispute, a departed employee. Every way in then
    answers `403 USER_DISABLED` once its credential has proved correct (a wrong one answers as it always
    does, so the answer tells nothing to someone who does not know the password): [verify-
    password](#verify-a-password), [authenticate/password](#sign-in-with-email-and-password), an [email
    code](#sign-in-with-an-email-code), a [passkey sign-in](#verify-a-passkey-sign-in) and an identity
    provider's verify; [creating a session](#create-a-session) answers `USER_DISABLED` too. The code or
    passkey ceremony is used up, and nothing else happens: no sign-in, no claim of an unverified account
    ([security.md](security.md#a-disabled-user)), but a `sign_in_failed` event with `\"reason\":
    \"user_disabled\"`. Everything else (resets, requests, second factors, passkey registration, reading
    and listing) works as before, so enabling brings back a consistent account.

    In the same transaction every [session](#sessions) of the user ends (`sessions_ended`, reason
    `user_disabled`) and a `user_disabled` event records `data.reason` and `data.until` (`null` for
    none). Disabling a disabled user replaces its reason and end (another `user_disabled`). Once `until`
    has passed, the user answers as enabled (`disabled: false`, `disabled_until: null`) by itself,
    everywhere at once and with no event; the sessions that ended do not come back.

    Args:
        user_id (str):
        body (DisableUserBody):

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
