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
    r"""Import users

     Brings in users from another system (or another Holm) with their password hashes, TOTP keys and
    recovery codes, so nobody has to reset a password. [import.md](import.md) is the guide: what to
    export from each system, the password-hash forms Holm takes, and the `holm import` command that
    sends a whole file through this endpoint.

    Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    A bad row fails alone, with `{\"index\": n, \"status\": \"failed\", \"error\": CODE}`; the other
    rows are imported:

    | Row error | When |
    |---|---|
    | `INVALID_DATA` | The row is not an object, or a field breaks its rule; also a passkey breaking a
    rule, or a credential id or passkey id twice in one row. |
    | `EMAIL_ALREADY_USED` | With `on_conflict: error`: another user holds the email, or an earlier row
    of the same request took it. |
    | `ID_ALREADY_USED` | With `on_conflict: error`: a user has that id, or an earlier row of the same
    request took it. |
    | `UNSUPPORTED_PASSWORD_HASH` | The hash is of no form Holm takes (unsalted or single-round MD5,
    SHA-1, SHA-2, anything unknown). |
    | `INVALID_PASSWORD_HASH` | The hash looks like a supported form but is malformed, or its cost is
    outside the form's bounds. |
    | `PASSKEY_ALREADY_REGISTERED` | With `on_conflict: error`: one of the row's passkeys has a
    credential id or an `id` that is registered to a user, or that an earlier row of the same request
    took. |
    | `IDENTITY_IN_USE` | With `on_conflict: error`: one of the row's identities (its `id`, or its
    `issuer` and `subject`) is held by a user, or an earlier row of the same request took it. |

    With `on_conflict: skip`, a row whose email is taken is `skipped` and its `user_id` names the user
    holding the email; else, when its id is taken, it names that id; else, when one of its passkeys'
    credential ids is registered, it names the user holding it. The email is judged first, then the id.
    So re-running an import with `skip` changes nothing and names every user it would have made: an
    interrupted import is finished by running it again. Conflicts are decided by the database's unique
    indexes, so parallel imports and sign-ups never give one email or one id to two users.

    An import is a security event (`users_imported`, with the three counts), logged and stored in the
    event feed (`GET /events`, [events.md](events.md)).

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
    r"""Import users

     Brings in users from another system (or another Holm) with their password hashes, TOTP keys and
    recovery codes, so nobody has to reset a password. [import.md](import.md) is the guide: what to
    export from each system, the password-hash forms Holm takes, and the `holm import` command that
    sends a whole file through this endpoint.

    Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    A bad row fails alone, with `{\"index\": n, \"status\": \"failed\", \"error\": CODE}`; the other
    rows are imported:

    | Row error | When |
    |---|---|
    | `INVALID_DATA` | The row is not an object, or a field breaks its rule; also a passkey breaking a
    rule, or a credential id or passkey id twice in one row. |
    | `EMAIL_ALREADY_USED` | With `on_conflict: error`: another user holds the email, or an earlier row
    of the same request took it. |
    | `ID_ALREADY_USED` | With `on_conflict: error`: a user has that id, or an earlier row of the same
    request took it. |
    | `UNSUPPORTED_PASSWORD_HASH` | The hash is of no form Holm takes (unsalted or single-round MD5,
    SHA-1, SHA-2, anything unknown). |
    | `INVALID_PASSWORD_HASH` | The hash looks like a supported form but is malformed, or its cost is
    outside the form's bounds. |
    | `PASSKEY_ALREADY_REGISTERED` | With `on_conflict: error`: one of the row's passkeys has a
    credential id or an `id` that is registered to a user, or that an earlier row of the same request
    took. |
    | `IDENTITY_IN_USE` | With `on_conflict: error`: one of the row's identities (its `id`, or its
    `issuer` and `subject`) is held by a user, or an earlier row of the same request took it. |

    With `on_conflict: skip`, a row whose email is taken is `skipped` and its `user_id` names the user
    holding the email; else, when its id is taken, it names that id; else, when one of its passkeys'
    credential ids is registered, it names the user holding it. The email is judged first, then the id.
    So re-running an import with `skip` changes nothing and names every user it would have made: an
    interrupted import is finished by running it again. Conflicts are decided by the database's unique
    indexes, so parallel imports and sign-ups never give one email or one id to two users.

    An import is a security event (`users_imported`, with the three counts), logged and stored in the
    event feed (`GET /events`, [events.md](events.md)).

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
    r"""Import users

     Brings in users from another system (or another Holm) with their password hashes, TOTP keys and
    recovery codes, so nobody has to reset a password. [import.md](import.md) is the guide: what to
    export from each system, the password-hash forms Holm takes, and the `holm import` command that
    sends a whole file through this endpoint.

    Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    A bad row fails alone, with `{\"index\": n, \"status\": \"failed\", \"error\": CODE}`; the other
    rows are imported:

    | Row error | When |
    |---|---|
    | `INVALID_DATA` | The row is not an object, or a field breaks its rule; also a passkey breaking a
    rule, or a credential id or passkey id twice in one row. |
    | `EMAIL_ALREADY_USED` | With `on_conflict: error`: another user holds the email, or an earlier row
    of the same request took it. |
    | `ID_ALREADY_USED` | With `on_conflict: error`: a user has that id, or an earlier row of the same
    request took it. |
    | `UNSUPPORTED_PASSWORD_HASH` | The hash is of no form Holm takes (unsalted or single-round MD5,
    SHA-1, SHA-2, anything unknown). |
    | `INVALID_PASSWORD_HASH` | The hash looks like a supported form but is malformed, or its cost is
    outside the form's bounds. |
    | `PASSKEY_ALREADY_REGISTERED` | With `on_conflict: error`: one of the row's passkeys has a
    credential id or an `id` that is registered to a user, or that an earlier row of the same request
    took. |
    | `IDENTITY_IN_USE` | With `on_conflict: error`: one of the row's identities (its `id`, or its
    `issuer` and `subject`) is held by a user, or an earlier row of the same request took it. |

    With `on_conflict: skip`, a row whose email is taken is `skipped` and its `user_id` names the user
    holding the email; else, when its id is taken, it names that id; else, when one of its passkeys'
    credential ids is registered, it names the user holding it. The email is judged first, then the id.
    So re-running an import with `skip` changes nothing and names every user it would have made: an
    interrupted import is finished by running it again. Conflicts are decided by the database's unique
    indexes, so parallel imports and sign-ups never give one email or one id to two users.

    An import is a security event (`users_imported`, with the three counts), logged and stored in the
    event feed (`GET /events`, [events.md](events.md)).

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
    r"""Import users

     Brings in users from another system (or another Holm) with their password hashes, TOTP keys and
    recovery codes, so nobody has to reset a password. [import.md](import.md) is the guide: what to
    export from each system, the password-hash forms Holm takes, and the `holm import` command that
    sends a whole file through this endpoint.

    Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another
    shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are
    imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA,
    EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and
    PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the
    database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-
    running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked
    against their cost bounds. See docs/import.md.

    A bad row fails alone, with `{\"index\": n, \"status\": \"failed\", \"error\": CODE}`; the other
    rows are imported:

    | Row error | When |
    |---|---|
    | `INVALID_DATA` | The row is not an object, or a field breaks its rule; also a passkey breaking a
    rule, or a credential id or passkey id twice in one row. |
    | `EMAIL_ALREADY_USED` | With `on_conflict: error`: another user holds the email, or an earlier row
    of the same request took it. |
    | `ID_ALREADY_USED` | With `on_conflict: error`: a user has that id, or an earlier row of the same
    request took it. |
    | `UNSUPPORTED_PASSWORD_HASH` | The hash is of no form Holm takes (unsalted or single-round MD5,
    SHA-1, SHA-2, anything unknown). |
    | `INVALID_PASSWORD_HASH` | The hash looks like a supported form but is malformed, or its cost is
    outside the form's bounds. |
    | `PASSKEY_ALREADY_REGISTERED` | With `on_conflict: error`: one of the row's passkeys has a
    credential id or an `id` that is registered to a user, or that an earlier row of the same request
    took. |
    | `IDENTITY_IN_USE` | With `on_conflict: error`: one of the row's identities (its `id`, or its
    `issuer` and `subject`) is held by a user, or an earlier row of the same request took it. |

    With `on_conflict: skip`, a row whose email is taken is `skipped` and its `user_id` names the user
    holding the email; else, when its id is taken, it names that id; else, when one of its passkeys'
    credential ids is registered, it names the user holding it. The email is judged first, then the id.
    So re-running an import with `skip` changes nothing and names every user it would have made: an
    interrupted import is finished by running it again. Conflicts are decided by the database's unique
    indexes, so parallel imports and sign-ups never give one email or one id to two users.

    An import is a security event (`users_imported`, with the three counts), logged and stored in the
    event feed (`GET /events`, [events.md](events.md)).

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
