from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_page import EventPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: Union[Unset, str] = UNSET,
    user_id: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["user_id"] = user_id

    json_type_: Union[Unset, list[str]] = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/events",
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
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    user_id: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Response[EventPage]:
    """Read the event feed

     Oldest first. Call again with `after` set to the `next` you were given to read every event exactly
    once, in order, also while several instances write events ([events.md](events.md#following-the-
    feed)). When nothing newer exists, `events` is empty and `next` is the cursor you sent: keep it and
    ask again later.

    Args:
        after (Union[Unset, str]):
        user_id (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage]
    """

    kwargs = _get_kwargs(
        after=after,
        user_id=user_id,
        type_=type_,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    user_id: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Optional[EventPage]:
    """Read the event feed

     Oldest first. Call again with `after` set to the `next` you were given to read every event exactly
    once, in order, also while several instances write events ([events.md](events.md#following-the-
    feed)). When nothing newer exists, `events` is empty and `next` is the cursor you sent: keep it and
    ask again later.

    Args:
        after (Union[Unset, str]):
        user_id (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage
    """

    return sync_detailed(
        client=client,
        after=after,
        user_id=user_id,
        type_=type_,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    user_id: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Response[EventPage]:
    """Read the event feed

     Oldest first. Call again with `after` set to the `next` you were given to read every event exactly
    once, in order, also while several instances write events ([events.md](events.md#following-the-
    feed)). When nothing newer exists, `events` is empty and `next` is the cursor you sent: keep it and
    ask again later.

    Args:
        after (Union[Unset, str]):
        user_id (Union[Unset, str]):
        type_ (Union[Unset, list[str]]):
        limit (Union[Unset, int]):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage]
    """

    kwargs = _get_kwargs(
        after=after,
        user_id=user_id,
        type_=type_,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    after: Union[Unset, str] = UNSET,
    user_id: Union[Unset, str] = UNSET,
    type_: Union[Unset, list[str]] = UNSET,
    limit: Union[Unset, int] = 100,
) -> Optional[EventPage]:
    """Read the event feed

     Oldest first. Call again with `after` set to the `next` you were given to read every event exactly
    once, in order, also while several instances write events ([events.md](events.md#following-the-
    feed)). When nothing newer exists, `events` is empty and `next` is the cursor you sent: keep it and
    ask again later.

    Args:
        after (Union[Unset, str]):
        user_id (Union[Unset, str]):
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
            client=client,
            after=after,
            user_id=user_id,
            type_=type_,
            limit=limit,
        )
    ).parsed
