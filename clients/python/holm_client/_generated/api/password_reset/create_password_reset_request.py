from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_password_reset_request_body import CreatePasswordResetRequestBody
from ...models.created_password_reset_request import CreatedPasswordResetRequest
from ...types import Response


def _get_kwargs(
    user_id: str,
    *,
    body: CreatePasswordResetRequestBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/users/{path_segment('user_id', user_id)}/password-reset-requests",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[CreatedPasswordResetRequest]:
    if response.status_code == 200:
        response_200 = CreatedPasswordResetRequest.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[CreatedPasswordResetRequest]:
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
    body: CreatePasswordResetRequestBody,
) -> Response[CreatedPasswordResetRequest]:
    """Create a password reset request

     A user may have several live requests; each is independent. A user without a stored email may have
    reset requests; your backend then delivers the code some other way.

    Args:
        user_id (str):
        body (CreatePasswordResetRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedPasswordResetRequest]
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
    body: CreatePasswordResetRequestBody,
) -> Optional[CreatedPasswordResetRequest]:
    """Create a password reset request

     A user may have several live requests; each is independent. A user without a stored email may have
    reset requests; your backend then delivers the code some other way.

    Args:
        user_id (str):
        body (CreatePasswordResetRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedPasswordResetRequest
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
    body: CreatePasswordResetRequestBody,
) -> Response[CreatedPasswordResetRequest]:
    """Create a password reset request

     A user may have several live requests; each is independent. A user without a stored email may have
    reset requests; your backend then delivers the code some other way.

    Args:
        user_id (str):
        body (CreatePasswordResetRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedPasswordResetRequest]
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
    body: CreatePasswordResetRequestBody,
) -> Optional[CreatedPasswordResetRequest]:
    """Create a password reset request

     A user may have several live requests; each is independent. A user without a stored email may have
    reset requests; your backend then delivers the code some other way.

    Args:
        user_id (str):
        body (CreatePasswordResetRequestBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedPasswordResetRequest
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
        )
    ).parsed
