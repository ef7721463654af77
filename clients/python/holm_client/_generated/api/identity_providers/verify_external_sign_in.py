from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.external_sign_in import ExternalSignIn
from ...models.verify_external_sign_in_body import VerifyExternalSignInBody
from ...types import Response


def _get_kwargs(
    request_id: str,
    *,
    body: VerifyExternalSignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/external-sign-ins/{path_segment('request_id', request_id)}/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[ExternalSignIn]:
    if response.status_code == 200:
        response_200 = ExternalSignIn.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[ExternalSignIn]:
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
    body: VerifyExternalSignInBody,
) -> Response[ExternalSignIn]:
    """Verify a sign-in with an identity provider

     Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds
    the request id. The request is used up by this call whatever it answers (a body of the wrong shape,
    INVALID_DATA, leaves it). INVALID_REQUEST when the request is absent, expired or used, or the state
    is wrong; INVALID_CREDENTIAL when the callback's issuer is another's (both before any call to the
    provider), or the code or ID token fails a check; PROVIDER_ERROR (502) when the provider sent an
    error or could not be reached; IDENTITY_IN_USE when the request was for a user and another user
    holds the identity. An identity is found only by (issuer, subject), never by email.

    Args:
        request_id (str):
        body (VerifyExternalSignInBody): The callback's query parameters, relayed: `code` or
            `error` is required.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExternalSignIn]
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
    body: VerifyExternalSignInBody,
) -> Optional[ExternalSignIn]:
    """Verify a sign-in with an identity provider

     Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds
    the request id. The request is used up by this call whatever it answers (a body of the wrong shape,
    INVALID_DATA, leaves it). INVALID_REQUEST when the request is absent, expired or used, or the state
    is wrong; INVALID_CREDENTIAL when the callback's issuer is another's (both before any call to the
    provider), or the code or ID token fails a check; PROVIDER_ERROR (502) when the provider sent an
    error or could not be reached; IDENTITY_IN_USE when the request was for a user and another user
    holds the identity. An identity is found only by (issuer, subject), never by email.

    Args:
        request_id (str):
        body (VerifyExternalSignInBody): The callback's query parameters, relayed: `code` or
            `error` is required.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExternalSignIn
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
    body: VerifyExternalSignInBody,
) -> Response[ExternalSignIn]:
    """Verify a sign-in with an identity provider

     Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds
    the request id. The request is used up by this call whatever it answers (a body of the wrong shape,
    INVALID_DATA, leaves it). INVALID_REQUEST when the request is absent, expired or used, or the state
    is wrong; INVALID_CREDENTIAL when the callback's issuer is another's (both before any call to the
    provider), or the code or ID token fails a check; PROVIDER_ERROR (502) when the provider sent an
    error or could not be reached; IDENTITY_IN_USE when the request was for a user and another user
    holds the identity. An identity is found only by (issuer, subject), never by email.

    Args:
        request_id (str):
        body (VerifyExternalSignInBody): The callback's query parameters, relayed: `code` or
            `error` is required.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExternalSignIn]
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
    body: VerifyExternalSignInBody,
) -> Optional[ExternalSignIn]:
    """Verify a sign-in with an identity provider

     Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds
    the request id. The request is used up by this call whatever it answers (a body of the wrong shape,
    INVALID_DATA, leaves it). INVALID_REQUEST when the request is absent, expired or used, or the state
    is wrong; INVALID_CREDENTIAL when the callback's issuer is another's (both before any call to the
    provider), or the code or ID token fails a check; PROVIDER_ERROR (502) when the provider sent an
    error or could not be reached; IDENTITY_IN_USE when the request was for a user and another user
    holds the identity. An identity is found only by (issuer, subject), never by email.

    Args:
        request_id (str):
        body (VerifyExternalSignInBody): The callback's query parameters, relayed: `code` or
            `error` is required.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExternalSignIn
    """

    return (
        await asyncio_detailed(
            request_id=request_id,
            client=client,
            body=body,
        )
    ).parsed
