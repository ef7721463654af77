from http import HTTPStatus
from typing import Any, Optional, Union

import httpx

from ...._path import path_segment
from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.passkey import Passkey
from ...models.verify_passkey_registration_body import VerifyPasskeyRegistrationBody
from ...types import Response


def _get_kwargs(
    ceremony_id: str,
    *,
    body: VerifyPasskeyRegistrationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": f"/passkey-registrations/{path_segment('ceremony_id', ceremony_id)}/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Optional[Passkey]:
    if response.status_code == 200:
        response_200 = Passkey.from_dict(response.json())

        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: Union[AuthenticatedClient, Client], response: httpx.Response
) -> Response[Passkey]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyRegistrationBody,
) -> Response[Passkey]:
    """Verify a passkey registration

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`.
    The ceremony is used up by this call whatever its outcome (a body that is not of the right shape,
    INVALID_DATA, is refused before and leaves it). INVALID_REQUEST when the ceremony is unknown,
    expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the
    credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or
    passkeys are off. `client_ip` only goes into the passkey_registered security event.

    Args:
        ceremony_id (str):
        body (VerifyPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Passkey]
    """

    kwargs = _get_kwargs(
        ceremony_id=ceremony_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyRegistrationBody,
) -> Optional[Passkey]:
    """Verify a passkey registration

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`.
    The ceremony is used up by this call whatever its outcome (a body that is not of the right shape,
    INVALID_DATA, is refused before and leaves it). INVALID_REQUEST when the ceremony is unknown,
    expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the
    credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or
    passkeys are off. `client_ip` only goes into the passkey_registered security event.

    Args:
        ceremony_id (str):
        body (VerifyPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Passkey
    """

    return sync_detailed(
        ceremony_id=ceremony_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyRegistrationBody,
) -> Response[Passkey]:
    """Verify a passkey registration

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`.
    The ceremony is used up by this call whatever its outcome (a body that is not of the right shape,
    INVALID_DATA, is refused before and leaves it). INVALID_REQUEST when the ceremony is unknown,
    expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the
    credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or
    passkeys are off. `client_ip` only goes into the passkey_registered security event.

    Args:
        ceremony_id (str):
        body (VerifyPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Passkey]
    """

    kwargs = _get_kwargs(
        ceremony_id=ceremony_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ceremony_id: str,
    *,
    client: Union[AuthenticatedClient, Client],
    body: VerifyPasskeyRegistrationBody,
) -> Optional[Passkey]:
    """Verify a passkey registration

     `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`.
    The ceremony is used up by this call whatever its outcome (a body that is not of the right shape,
    INVALID_DATA, is refused before and leaves it). INVALID_REQUEST when the ceremony is unknown,
    expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the
    credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or
    passkeys are off. `client_ip` only goes into the passkey_registered security event.

    Args:
        ceremony_id (str):
        body (VerifyPasskeyRegistrationBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Passkey
    """

    return (
        await asyncio_detailed(
            ceremony_id=ceremony_id,
            client=client,
            body=body,
        )
    ).parsed
