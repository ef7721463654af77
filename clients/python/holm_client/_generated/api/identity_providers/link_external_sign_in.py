from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.link_external_sign_in_body import LinkExternalSignInBody
from ...models.linked_external_sign_in import LinkedExternalSignIn
from ...types import Response


def _get_kwargs(
    request_id: str,
    *,
    body: LinkExternalSignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/external-sign-ins/{path_segment('request_id', request_id)}/link",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[LinkedExternalSignIn]:
    if response.status_code == 200:
        response_200 = LinkedExternalSignIn.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[LinkedExternalSignIn]:
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
    body: LinkExternalSignInBody,
) -> Response[LinkedExternalSignIn]:
    """Link the identity of a sign-in that answered link_required

     Call once you have proved the user who holds the email (a password, a passkey or an email code, and
    their second factor), within the request's 10 minutes. Links only when that user still holds the
    email and both the provider and Holm verified it. INVALID_REQUEST when the request is absent,
    expired, used, not waiting for a link, or the user does not hold its email; NOT_FOUND when there is
    no such user; EMAIL_NOT_VERIFIED when the provider or Holm has not verified the address (have the
    user verify it, or sign in by email code, then link again); IDENTITY_IN_USE when another user holds
    the identity. A refusal leaves the request as it was.

    Args:
        request_id (str):
        body (LinkExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkedExternalSignIn]
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
    body: LinkExternalSignInBody,
) -> Optional[LinkedExternalSignIn]:
    """Link the identity of a sign-in that answered link_required

     Call once you have proved the user who holds the email (a password, a passkey or an email code, and
    their second factor), within the request's 10 minutes. Links only when that user still holds the
    email and both the provider and Holm verified it. INVALID_REQUEST when the request is absent,
    expired, used, not waiting for a link, or the user does not hold its email; NOT_FOUND when there is
    no such user; EMAIL_NOT_VERIFIED when the provider or Holm has not verified the address (have the
    user verify it, or sign in by email code, then link again); IDENTITY_IN_USE when another user holds
    the identity. A refusal leaves the request as it was.

    Args:
        request_id (str):
        body (LinkExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkedExternalSignIn
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
    body: LinkExternalSignInBody,
) -> Response[LinkedExternalSignIn]:
    """Link the identity of a sign-in that answered link_required

     Call once you have proved the user who holds the email (a password, a passkey or an email code, and
    their second factor), within the request's 10 minutes. Links only when that user still holds the
    email and both the provider and Holm verified it. INVALID_REQUEST when the request is absent,
    expired, used, not waiting for a link, or the user does not hold its email; NOT_FOUND when there is
    no such user; EMAIL_NOT_VERIFIED when the provider or Holm has not verified the address (have the
    user verify it, or sign in by email code, then link again); IDENTITY_IN_USE when another user holds
    the identity. A refusal leaves the request as it was.

    Args:
        request_id (str):
        body (LinkExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkedExternalSignIn]
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
    body: LinkExternalSignInBody,
) -> Optional[LinkedExternalSignIn]:
    """Link the identity of a sign-in that answered link_required

     Call once you have proved the user who holds the email (a password, a passkey or an email code, and
    their second factor), within the request's 10 minutes. Links only when that user still holds the
    email and both the provider and Holm verified it. INVALID_REQUEST when the request is absent,
    expired, used, not waiting for a link, or the user does not hold its email; NOT_FOUND when there is
    no such user; EMAIL_NOT_VERIFIED when the provider or Holm has not verified the address (have the
    user verify it, or sign in by email code, then link again); IDENTITY_IN_USE when another user holds
    the identity. A refusal leaves the request as it was.

    Args:
        request_id (str):
        body (LinkExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkedExternalSignIn
    """

    return (
        await asyncio_detailed(
            request_id=request_id,
            client=client,
            body=body,
        )
    ).parsed
