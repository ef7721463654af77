from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.authenticate_body import AuthenticateBody
from ...models.user import User
from ...types import Response


def _get_kwargs(
    *,
    body: AuthenticateBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/authenticate/password",
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
    *,
    client: Union[AuthenticatedClient, Client],
    body: AuthenticateBody,
) -> Response[User]:
    """Sign in with email and password

     An unknown address costs the same time and the same database work as a wrong password (one read, one
    argon2id verification), counts towards the address's incorrect-password block, and has a per-user
    block of its own: 10 wrong sign-ins for it in 15 minutes answer `TOO_MANY_REQUESTS`, exactly as for
    an address with an account ([limits.md](limits.md)). Show your end user the same message for
    `NOT_FOUND` and `INCORRECT_PASSWORD`, so your sign-in form does not reveal which addresses have
    accounts. Check `totp_registered` before you create a session: when it is `true`, ask for a TOTP
    code first ([flows.md](flows.md#sign-in)).

    Args:
        body (AuthenticateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[User]
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
    body: AuthenticateBody,
) -> Optional[User]:
    """Sign in with email and password

     An unknown address costs the same time and the same database work as a wrong password (one read, one
    argon2id verification), counts towards the address's incorrect-password block, and has a per-user
    block of its own: 10 wrong sign-ins for it in 15 minutes answer `TOO_MANY_REQUESTS`, exactly as for
    an address with an account ([limits.md](limits.md)). Show your end user the same message for
    `NOT_FOUND` and `INCORRECT_PASSWORD`, so your sign-in form does not reveal which addresses have
    accounts. Check `totp_registered` before you create a session: when it is `true`, ask for a TOTP
    code first ([flows.md](flows.md#sign-in)).

    Args:
        body (AuthenticateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        User
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: AuthenticateBody,
) -> Response[User]:
    """Sign in with email and password

     An unknown address costs the same time and the same database work as a wrong password (one read, one
    argon2id verification), counts towards the address's incorrect-password block, and has a per-user
    block of its own: 10 wrong sign-ins for it in 15 minutes answer `TOO_MANY_REQUESTS`, exactly as for
    an address with an account ([limits.md](limits.md)). Show your end user the same message for
    `NOT_FOUND` and `INCORRECT_PASSWORD`, so your sign-in form does not reveal which addresses have
    accounts. Check `totp_registered` before you create a session: when it is `true`, ask for a TOTP
    code first ([flows.md](flows.md#sign-in)).

    Args:
        body (AuthenticateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[User]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: AuthenticateBody,
) -> Optional[User]:
    """Sign in with email and password

     An unknown address costs the same time and the same database work as a wrong password (one read, one
    argon2id verification), counts towards the address's incorrect-password block, and has a per-user
    block of its own: 10 wrong sign-ins for it in 15 minutes answer `TOO_MANY_REQUESTS`, exactly as for
    an address with an account ([limits.md](limits.md)). Show your end user the same message for
    `NOT_FOUND` and `INCORRECT_PASSWORD`, so your sign-in form does not reveal which addresses have
    accounts. Check `totp_registered` before you create a session: when it is `true`, ask for a TOTP
    code first ([flows.md](flows.md#sign-in)).

    Args:
        body (AuthenticateBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        User
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
