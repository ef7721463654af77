from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.external_sign_in_request import ExternalSignInRequest
from ...models.start_external_sign_in_body import StartExternalSignInBody
from ...types import Response


def _get_kwargs(
    *,
    body: StartExternalSignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/external-sign-ins",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[ExternalSignInRequest]:
    if response.status_code == 200:
        response_200 = ExternalSignInRequest.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[ExternalSignInRequest]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartExternalSignInBody,
) -> Response[ExternalSignInRequest]:
    """Start a sign-in with an identity provider

     Keep `id` in an HttpOnly cookie and redirect the browser to `authorization_url`; the provider sends
    it back to the provider's redirect URI with the query to relay to the verify. With `user_id`, the
    identity is added to that signed-in user instead. The request lives 10 minutes. NOT_FOUND when there
    is no such provider or user; the per-address bucket of code requests; PROVIDER_ERROR when the
    provider's discovery cannot be had.

    Args:
        body (StartExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExternalSignInRequest]
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
    body: StartExternalSignInBody,
) -> Optional[ExternalSignInRequest]:
    """Start a sign-in with an identity provider

     Keep `id` in an HttpOnly cookie and redirect the browser to `authorization_url`; the provider sends
    it back to the provider's redirect URI with the query to relay to the verify. With `user_id`, the
    identity is added to that signed-in user instead. The request lives 10 minutes. NOT_FOUND when there
    is no such provider or user; the per-address bucket of code requests; PROVIDER_ERROR when the
    provider's discovery cannot be had.

    Args:
        body (StartExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExternalSignInRequest
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartExternalSignInBody,
) -> Response[ExternalSignInRequest]:
    """Start a sign-in with an identity provider

     Keep `id` in an HttpOnly cookie and redirect the browser to `authorization_url`; the provider sends
    it back to the provider's redirect URI with the query to relay to the verify. With `user_id`, the
    identity is added to that signed-in user instead. The request lives 10 minutes. NOT_FOUND when there
    is no such provider or user; the per-address bucket of code requests; PROVIDER_ERROR when the
    provider's discovery cannot be had.

    Args:
        body (StartExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExternalSignInRequest]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: StartExternalSignInBody,
) -> Optional[ExternalSignInRequest]:
    """Start a sign-in with an identity provider

     Keep `id` in an HttpOnly cookie and redirect the browser to `authorization_url`; the provider sends
    it back to the provider's redirect URI with the query to relay to the verify. With `user_id`, the
    identity is added to that signed-in user instead. The request lives 10 minutes. NOT_FOUND when there
    is no such provider or user; the per-address bucket of code requests; PROVIDER_ERROR when the
    provider's discovery cannot be had.

    Args:
        body (StartExternalSignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExternalSignInRequest
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
