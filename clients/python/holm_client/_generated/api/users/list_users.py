from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.user import User
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    sort_by: Union[Unset, str] = "created_at",
    sort_order: Union[Unset, str] = "ascending",
    per_page: Union[Unset, int] = 20,
    page: Union[Unset, int] = 1,
    email_query: Union[Unset, str] = UNSET,
    email: Union[Unset, str] = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["sort_by"] = sort_by

    params["sort_order"] = sort_order

    params["per_page"] = per_page

    params["page"] = page

    params["email_query"] = email_query

    params["email"] = email

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/users",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[list["User"]]:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = User.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[list["User"]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    sort_by: Union[Unset, str] = "created_at",
    sort_order: Union[Unset, str] = "ascending",
    per_page: Union[Unset, int] = 20,
    page: Union[Unset, int] = 1,
    email_query: Union[Unset, str] = UNSET,
    email: Union[Unset, str] = UNSET,
) -> Response[list["User"]]:
    r"""List users

     An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not
    an error. Filters combine.

    **Find a user by email** with `GET /users?email=<address>` (percent-encoded; `curl -G --data-
    urlencode \"email=Cat@Example.com\"`): the answer holds zero or one user, with the pagination
    headers. This is how your backend finds the account for \"forgot password\" or for your own sign-in
    screens. It uses the unique index.

    `email_query` of 3 characters or more goes through a substring index on the addresses (SQLite: an
    FTS5 trigram table; PostgreSQL: a `pg_trgm` GIN index), so a rare match answers in milliseconds
    among a million users; shorter queries, and a query that matches many users (every match is counted
    for `X-Pagination-Total`), read more. On PostgreSQL the index needs the `pg_trgm` extension, which
    Holm creates when its role may (a database owner may, on PostgreSQL 13 and later); where it cannot,
    `email_query` reads every user and each start logs a warning saying what to run. Keep `email_query`
    for admin screens; to find one account use `email`.

    Args:
        sort_by (Union[Unset, str]):  Default: 'created_at'.
        sort_order (Union[Unset, str]):  Default: 'ascending'.
        per_page (Union[Unset, int]):  Default: 20.
        page (Union[Unset, int]):  Default: 1.
        email_query (Union[Unset, str]):
        email (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[list['User']]
    """

    kwargs = _get_kwargs(
        sort_by=sort_by,
        sort_order=sort_order,
        per_page=per_page,
        page=page,
        email_query=email_query,
        email=email,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
    sort_by: Union[Unset, str] = "created_at",
    sort_order: Union[Unset, str] = "ascending",
    per_page: Union[Unset, int] = 20,
    page: Union[Unset, int] = 1,
    email_query: Union[Unset, str] = UNSET,
    email: Union[Unset, str] = UNSET,
) -> Optional[list["User"]]:
    r"""List users

     An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not
    an error. Filters combine.

    **Find a user by email** with `GET /users?email=<address>` (percent-encoded; `curl -G --data-
    urlencode \"email=Cat@Example.com\"`): the answer holds zero or one user, with the pagination
    headers. This is how your backend finds the account for \"forgot password\" or for your own sign-in
    screens. It uses the unique index.

    `email_query` of 3 characters or more goes through a substring index on the addresses (SQLite: an
    FTS5 trigram table; PostgreSQL: a `pg_trgm` GIN index), so a rare match answers in milliseconds
    among a million users; shorter queries, and a query that matches many users (every match is counted
    for `X-Pagination-Total`), read more. On PostgreSQL the index needs the `pg_trgm` extension, which
    Holm creates when its role may (a database owner may, on PostgreSQL 13 and later); where it cannot,
    `email_query` reads every user and each start logs a warning saying what to run. Keep `email_query`
    for admin screens; to find one account use `email`.

    Args:
        sort_by (Union[Unset, str]):  Default: 'created_at'.
        sort_order (Union[Unset, str]):  Default: 'ascending'.
        per_page (Union[Unset, int]):  Default: 20.
        page (Union[Unset, int]):  Default: 1.
        email_query (Union[Unset, str]):
        email (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        list['User']
    """

    return sync_detailed(
        client=client,
        sort_by=sort_by,
        sort_order=sort_order,
        per_page=per_page,
        page=page,
        email_query=email_query,
        email=email,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    sort_by: Union[Unset, str] = "created_at",
    sort_order: Union[Unset, str] = "ascending",
    per_page: Union[Unset, int] = 20,
    page: Union[Unset, int] = 1,
    email_query: Union[Unset, str] = UNSET,
    email: Union[Unset, str] = UNSET,
) -> Response[list["User"]]:
    r"""List users

     An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not
    an error. Filters combine.

    **Find a user by email** with `GET /users?email=<address>` (percent-encoded; `curl -G --data-
    urlencode \"email=Cat@Example.com\"`): the answer holds zero or one user, with the pagination
    headers. This is how your backend finds the account for \"forgot password\" or for your own sign-in
    screens. It uses the unique index.

    `email_query` of 3 characters or more goes through a substring index on the addresses (SQLite: an
    FTS5 trigram table; PostgreSQL: a `pg_trgm` GIN index), so a rare match answers in milliseconds
    among a million users; shorter queries, and a query that matches many users (every match is counted
    for `X-Pagination-Total`), read more. On PostgreSQL the index needs the `pg_trgm` extension, which
    Holm creates when its role may (a database owner may, on PostgreSQL 13 and later); where it cannot,
    `email_query` reads every user and each start logs a warning saying what to run. Keep `email_query`
    for admin screens; to find one account use `email`.

    Args:
        sort_by (Union[Unset, str]):  Default: 'created_at'.
        sort_order (Union[Unset, str]):  Default: 'ascending'.
        per_page (Union[Unset, int]):  Default: 20.
        page (Union[Unset, int]):  Default: 1.
        email_query (Union[Unset, str]):
        email (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[list['User']]
    """

    kwargs = _get_kwargs(
        sort_by=sort_by,
        sort_order=sort_order,
        per_page=per_page,
        page=page,
        email_query=email_query,
        email=email,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    sort_by: Union[Unset, str] = "created_at",
    sort_order: Union[Unset, str] = "ascending",
    per_page: Union[Unset, int] = 20,
    page: Union[Unset, int] = 1,
    email_query: Union[Unset, str] = UNSET,
    email: Union[Unset, str] = UNSET,
) -> Optional[list["User"]]:
    r"""List users

     An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not
    an error. Filters combine.

    **Find a user by email** with `GET /users?email=<address>` (percent-encoded; `curl -G --data-
    urlencode \"email=Cat@Example.com\"`): the answer holds zero or one user, with the pagination
    headers. This is how your backend finds the account for \"forgot password\" or for your own sign-in
    screens. It uses the unique index.

    `email_query` of 3 characters or more goes through a substring index on the addresses (SQLite: an
    FTS5 trigram table; PostgreSQL: a `pg_trgm` GIN index), so a rare match answers in milliseconds
    among a million users; shorter queries, and a query that matches many users (every match is counted
    for `X-Pagination-Total`), read more. On PostgreSQL the index needs the `pg_trgm` extension, which
    Holm creates when its role may (a database owner may, on PostgreSQL 13 and later); where it cannot,
    `email_query` reads every user and each start logs a warning saying what to run. Keep `email_query`
    for admin screens; to find one account use `email`.

    Args:
        sort_by (Union[Unset, str]):  Default: 'created_at'.
        sort_order (Union[Unset, str]):  Default: 'ascending'.
        per_page (Union[Unset, int]):  Default: 20.
        page (Union[Unset, int]):  Default: 1.
        email_query (Union[Unset, str]):
        email (Union[Unset, str]):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        list['User']
    """

    return (
        await asyncio_detailed(
            client=client,
            sort_by=sort_by,
            sort_order=sort_order,
            per_page=per_page,
            page=page,
            email_query=email_query,
            email=email,
        )
    ).parsed
