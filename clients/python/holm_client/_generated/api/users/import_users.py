from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.import_users_body import ImportUsersBody
from ...models.user_import_result import UserImportResult
from ...types import Response


def _get_kwargs(
    *,
    body: ImportUsersBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/user-imports",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[UserImportResult]:
    if response.status_code == 200:
        response_200 = UserImportResult.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[UserImportResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ImportUsersBody,
) -> Response[UserImportResult]:
    """Import users with their password hashes and second factors

     Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    Args:
        body (ImportUsersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[UserImportResult]
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
    body: ImportUsersBody,
) -> Optional[UserImportResult]:
    """Import users with their password hashes and second factors

     Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    Args:
        body (ImportUsersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        UserImportResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ImportUsersBody,
) -> Response[UserImportResult]:
    """Import users with their password hashes and second factors

     Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    Args:
        body (ImportUsersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[UserImportResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
    body: ImportUsersBody,
) -> Optional[UserImportResult]:
    """Import users with their password hashes and second factors

     Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    Args:
        body (ImportUsersBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        UserImportResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
