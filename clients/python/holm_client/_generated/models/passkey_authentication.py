from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.passkey_authentication_options import PasskeyAuthenticationOptions


T = TypeVar("T", bound="PasskeyAuthentication")


@_attrs_define
class PasskeyAuthentication:
    """
    Attributes:
        id (str):
        created_at (int):
        expires_at (int):
        options (PasskeyAuthenticationOptions): PublicKeyCredentialRequestOptionsJSON: give it to
            PublicKeyCredential.parseRequestOptionsFromJSON().
    """

    id: str
    created_at: int
    expires_at: int
    options: "PasskeyAuthenticationOptions"

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at

        expires_at = self.expires_at

        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "expires_at": expires_at,
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_authentication_options import PasskeyAuthenticationOptions

        d = dict(src_dict)
        id = d.pop("id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        options = PasskeyAuthenticationOptions.from_dict(d.pop("options"))

        passkey_authentication = cls(
            id=id,
            created_at=created_at,
            expires_at=expires_at,
            options=options,
        )

        return passkey_authentication
