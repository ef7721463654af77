from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.validate_session_body import ValidateSessionBody
from ...models.validated_session import ValidatedSession
from ...types import Response


def _get_kwargs(
    *,
    body: ValidateSessionBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sessions/validate",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[ValidatedSession]:
    if response.status_code == 200:
        response_200 = ValidatedSession.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[ValidatedSession]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ValidateSessionBody,
) -> Response[ValidatedSession]:
    """Validate a session token

     Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token
    that is malformed, unknown, expired, ended, or whose secret is wrong answers NOT_FOUND (as does a
    session of a [disabled](#disable-a-user) user: disabling ends them all), each after the same work
    (an unknown id is compared against a dummy digest), so the time taken tells nothing. One indexed
    read; a write at most once a minute per session.

    Args:
        body (ValidateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ValidatedSession]
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
    body: ValidateSessionBody,
) -> Optional[ValidatedSession]:
    """Validate a session token

     Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token
    that is malformed, unknown, expired, ended, or whose secret is wrong answers NOT_FOUND (as does a
    session of a [disabled](#disable-a-user) user: disabling ends them all), each after the same work
    (an unknown id is compared against a dummy digest), so the time taken tells nothing. One indexed
    read; a write at most once a minute per session.

    Args:
        body (ValidateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ValidatedSession
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ValidateSessionBody,
) -> Response[ValidatedSession]:
    """Validate a session token

     Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token
    that is malformed, unknown, expired, ended, or whose secret is wrong answers NOT_FOUND (as does a
    session of a [disabled](#disable-a-user) user: disabling ends them all), each after the same work
    (an unknown id is compared against a dummy digest), so the time taken tells nothing. One indexed
    read; a write at most once a minute per session.

    Args:
        body (ValidateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ValidatedSession]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ValidateSessionBody,
) -> Optional[ValidatedSession]:
    """Validate a session token

     Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token
    that is malformed, unknown, expired, ended, or whose secret is wrong answers NOT_FOUND (as does a
    session of a [disabled](#disable-a-user) user: disabling ends them all), each after the same work
    (an unknown id is compared against a dummy digest), so the time taken tells nothing. One indexed
    read; a write at most once a minute per session.

    Args:
        body (ValidateSessionBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ValidatedSession
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
