from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_email_sign_in_body import CreateEmailSignInBody
from ...models.created_email_sign_in_request import CreatedEmailSignInRequest
from ...types import Response


def _get_kwargs(
    *,
    body: CreateEmailSignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/email-sign-ins",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[CreatedEmailSignInRequest]:
    if response.status_code == 200:
        response_200 = CreatedEmailSignInRequest.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[CreatedEmailSignInRequest]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: CreateEmailSignInBody,
) -> Response[CreatedEmailSignInRequest]:
    r"""Create an email sign-in request

     Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor
    identically either way. Replaces any earlier request for the email: only the latest code works. 3
    per email per 15 minutes; the per-address bucket of code requests. You may mail an address no user
    holds a \"no account yet\" message, or the code (to create the account with `create_user`).

    Args:
        body (CreateEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedEmailSignInRequest]
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
    body: CreateEmailSignInBody,
) -> Optional[CreatedEmailSignInRequest]:
    r"""Create an email sign-in request

     Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor
    identically either way. Replaces any earlier request for the email: only the latest code works. 3
    per email per 15 minutes; the per-address bucket of code requests. You may mail an address no user
    holds a \"no account yet\" message, or the code (to create the account with `create_user`).

    Args:
        body (CreateEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedEmailSignInRequest
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: CreateEmailSignInBody,
) -> Response[CreatedEmailSignInRequest]:
    r"""Create an email sign-in request

     Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor
    identically either way. Replaces any earlier request for the email: only the latest code works. 3
    per email per 15 minutes; the per-address bucket of code requests. You may mail an address no user
    holds a \"no account yet\" message, or the code (to create the account with `create_user`).

    Args:
        body (CreateEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedEmailSignInRequest]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: CreateEmailSignInBody,
) -> Optional[CreatedEmailSignInRequest]:
    r"""Create an email sign-in request

     Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor
    identically either way. Replaces any earlier request for the email: only the latest code works. 3
    per email per 15 minutes; the per-address bucket of code requests. You may mail an address no user
    holds a \"no account yet\" message, or the code (to create the account with `create_user`).

    Args:
        body (CreateEmailSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedEmailSignInRequest
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
