from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_page import EventPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: str,
    *,
    after: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    json_type_: Union[Unset, list[str]] = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": f"/users/{path_segment('user_id', user_id)}/events",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[EventPage]:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[EventPage]:
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
    after: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Response[EventPage]:
    r"""Read one user's events

     The feed of GET /events, for one existing user: a \"recent activity\" page. Parameters and answer as
    there.

    Args:
        user_id (str):
        after (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        after=after,
        type_=type_,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Optional[EventPage]:
    r"""Read one user's events

     The feed of GET /events, for one existing user: a \"recent activity\" page. Parameters and answer as
    there.

    Args:
        user_id (str):
        after (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        after=after,
        type_=type_,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Response[EventPage]:
    r"""Read one user's events

     The feed of GET /events, for one existing user: a \"recent activity\" page. Parameters and answer as
    there.

    Args:
        user_id (str):
        after (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        after=after,
        type_=type_,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Optional[EventPage]:
    r"""Read one user's events

     The feed of GET /events, for one existing user: a \"recent activity\" page. Parameters and answer as
    there.

    Args:
        user_id (str):
        after (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            after=after,
            type_=type_,
            limit=limit,
        )
    ).parsed
