from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.open_api_document import OpenApiDocument
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/openapi.json",
    }

    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[OpenApiDocument]:
    if response.status_code == 200:
        response_200 = OpenApiDocument.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[OpenApiDocument]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Response[OpenApiDocument]:
    """This OpenAPI 3.1 description

     Needs no secret and reads no body. For code generators and API tools. Its `servers` entry is
    `http://{host}:{port}` with the defaults of `--host` and `--port`; every operation carries the
    examples of docs/api.md (which is rendered from this document); `405 METHOD_NOT_ALLOWED` and its
    `Allow` header are described once, under `components.responses`, since no operation answers it. The
    tests lint it with Redocly's recommended rules. The typed client in `client/` is generated from it
    ([client.md](client.md)); after a change to the API, `npm run client:generate` at the repository's
    root regenerates its types, and the tests fail until that is committed.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenApiDocument]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Optional[OpenApiDocument]:
    """This OpenAPI 3.1 description

     Needs no secret and reads no body. For code generators and API tools. Its `servers` entry is
    `http://{host}:{port}` with the defaults of `--host` and `--port`; every operation carries the
    examples of docs/api.md (which is rendered from this document); `405 METHOD_NOT_ALLOWED` and its
    `Allow` header are described once, under `components.responses`, since no operation answers it. The
    tests lint it with Redocly's recommended rules. The typed client in `client/` is generated from it
    ([client.md](client.md)); after a change to the API, `npm run client:generate` at the repository's
    root regenerates its types, and the tests fail until that is committed.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenApiDocument
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Response[OpenApiDocument]:
    """This OpenAPI 3.1 description

     Needs no secret and reads no body. For code generators and API tools. Its `servers` entry is
    `http://{host}:{port}` with the defaults of `--host` and `--port`; every operation carries the
    examples of docs/api.md (which is rendered from this document); `405 METHOD_NOT_ALLOWED` and its
    `Allow` header are described once, under `components.responses`, since no operation answers it. The
    tests lint it with Redocly's recommended rules. The typed client in `client/` is generated from it
    ([client.md](client.md)); after a change to the API, `npm run client:generate` at the repository's
    root regenerates its types, and the tests fail until that is committed.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenApiDocument]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: Union[AuthenticatedClient, Client],
) -> Optional[OpenApiDocument]:
    """This OpenAPI 3.1 description

     Needs no secret and reads no body. For code generators and API tools. Its `servers` entry is
    `http://{host}:{port}` with the defaults of `--host` and `--port`; every operation carries the
    examples of docs/api.md (which is rendered from this document); `405 METHOD_NOT_ALLOWED` and its
    `Allow` header are described once, under `components.responses`, since no operation answers it. The
    tests lint it with Redocly's recommended rules. The typed client in `client/` is generated from it
    ([client.md](client.md)); after a change to the API, `npm run client:generate` at the repository's
    root regenerates its types, and the tests fail until that is committed.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenApiDocument
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
