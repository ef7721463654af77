from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.verified_email import VerifiedEmail
from ...models.verify_new_email_body import VerifyNewEmailBody
from ...types import Response


def _get_kwargs(
    *,
    body: VerifyNewEmailBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/verify-new-email",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[VerifiedEmail]:
    if response.status_code == 200:
        response_200 = VerifiedEmail.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[VerifiedEmail]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyNewEmailBody,
) -> Response[VerifiedEmail]:
    """Verify the new email

     In one transaction: the user's email becomes the new address with `email_verified: true`; every
    update request for that address (of any user) is deleted; the user's password reset requests and
    email verification request are deleted, since their codes went to the old address; every
    [session](#sessions) of the user but `session_id` ends (`session_id` must be a live session of the
    request's user). Update your own copy of the user's address from the response, and consider telling
    the old address that it was replaced.

    Args:
        body (VerifyNewEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[VerifiedEmail]
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
    body: VerifyNewEmailBody,
) -> Optional[VerifiedEmail]:
    """Verify the new email

     In one transaction: the user's email becomes the new address with `email_verified: true`; every
    update request for that address (of any user) is deleted; the user's password reset requests and
    email verification request are deleted, since their codes went to the old address; every
    [session](#sessions) of the user but `session_id` ends (`session_id` must be a live session of the
    request's user). Update your own copy of the user's address from the response, and consider telling
    the old address that it was replaced.

    Args:
        body (VerifyNewEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        VerifiedEmail
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyNewEmailBody,
) -> Response[VerifiedEmail]:
    """Verify the new email

     In one transaction: the user's email becomes the new address with `email_verified: true`; every
    update request for that address (of any user) is deleted; the user's password reset requests and
    email verification request are deleted, since their codes went to the old address; every
    [session](#sessions) of the user but `session_id` ends (`session_id` must be a live session of the
    request's user). Update your own copy of the user's address from the response, and consider telling
    the old address that it was replaced.

    Args:
        body (VerifyNewEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[VerifiedEmail]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyNewEmailBody,
) -> Optional[VerifiedEmail]:
    """Verify the new email

     In one transaction: the user's email becomes the new address with `email_verified: true`; every
    update request for that address (of any user) is deleted; the user's password reset requests and
    email verification request are deleted, since their codes went to the old address; every
    [session](#sessions) of the user but `session_id` ends (`session_id` must be a live session of the
    request's user). Update your own copy of the user's address from the response, and consider telling
    the old address that it was replaced.

    Args:
        body (VerifyNewEmailBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        VerifiedEmail
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
