from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_email_verification_request_body import (
    CreateEmailVerificationRequestBody,
)
from ...models.email_verification_request import EmailVerificationRequest
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: CreateEmailVerificationRequestBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/email-verification-request",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[EmailVerificationRequest]:
    if response.status_code == 200:
        response_200 = EmailVerificationRequest.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[EmailVerificationRequest]:
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
    body: CreateEmailVerificationRequestBody,
) -> Response[EmailVerificationRequest]:
    """Create an email verification request

     A user without a stored email may have a request too. Your backend then keeps the address and sends
    the code to it (this is how `@faroe/sdk`, which creates users without an email, uses it). A request
    for an already verified address is allowed. To resend a code, `GET` the live request and send the
    same code again; create a new request only when `GET` answers `404`.

    Args:
        user_id (str):
        body (CreateEmailVerificationRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailVerificationRequest]
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
    body: CreateEmailVerificationRequestBody,
) -> Optional[EmailVerificationRequest]:
    """Create an email verification request

     A user without a stored email may have a request too. Your backend then keeps the address and sends
    the code to it (this is how `@faroe/sdk`, which creates users without an email, uses it). A request
    for an already verified address is allowed. To resend a code, `GET` the live request and send the
    same code again; create a new request only when `GET` answers `404`.

    Args:
        user_id (str):
        body (CreateEmailVerificationRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailVerificationRequest
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
    body: CreateEmailVerificationRequestBody,
) -> Response[EmailVerificationRequest]:
    """Create an email verification request

     A user without a stored email may have a request too. Your backend then keeps the address and sends
    the code to it (this is how `@faroe/sdk`, which creates users without an email, uses it). A request
    for an already verified address is allowed. To resend a code, `GET` the live request and send the
    same code again; create a new request only when `GET` answers `404`.

    Args:
        user_id (str):
        body (CreateEmailVerificationRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailVerificationRequest]
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
    body: CreateEmailVerificationRequestBody,
) -> Optional[EmailVerificationRequest]:
    """Create an email verification request

     A user without a stored email may have a request too. Your backend then keeps the address and sends
    the code to it (this is how `@faroe/sdk`, which creates users without an email, uses it). A request
    for an already verified address is allowed. To resend a code, `GET` the live request and send the
    same code again; create a new request only when `GET` answers `404`.

    Args:
        user_id (str):
        body (CreateEmailVerificationRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailVerificationRequest
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
