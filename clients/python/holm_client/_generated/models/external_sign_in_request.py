from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ExternalSignInRequest")


@_attrs_define
class ExternalSignInRequest:
    """
    Attributes:
        id (str): Keep it in an HttpOnly cookie of the browser you redirect: the callback is verified with it, in that
            browser only.
        provider (str):
        authorization_url (str): Redirect the browser here. It carries a fresh state, a PKCE challenge (S256) and, for
            OpenID Connect, a nonce.
        expires_at (int): 10 minutes from now: the verify (and a link) must come before.
    """

    id: str
    provider: str
    authorization_url: str
    expires_at: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        provider = self.provider

        authorization_url = self.authorization_url

        expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "provider": provider,
                "authorization_url": authorization_url,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        provider = d.pop("provider")

        authorization_url = d.pop("authorization_url")

        expires_at = d.pop("expires_at")

        external_sign_in_request = cls(
            id=id,
            provider=provider,
            authorization_url=authorization_url,
            expires_at=expires_at,
        )

        return external_sign_in_request
