from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.passkey_registration_options import PasskeyRegistrationOptions


T = TypeVar("T", bound="PasskeyRegistration")


@_attrs_define
class PasskeyRegistration:
    """
    Attributes:
        id (str):
        created_at (int):
        expires_at (int):
        user_id (str):
        options (PasskeyRegistrationOptions): PublicKeyCredentialCreationOptionsJSON: give it to
            PublicKeyCredential.parseCreationOptionsFromJSON().
    """

    id: str
    created_at: int
    expires_at: int
    user_id: str
    options: "PasskeyRegistrationOptions"

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at

        expires_at = self.expires_at

        user_id = self.user_id

        options = self.options.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "expires_at": expires_at,
                "user_id": user_id,
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_registration_options import PasskeyRegistrationOptions

        d = dict(src_dict)
        id = d.pop("id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        user_id = d.pop("user_id")

        options = PasskeyRegistrationOptions.from_dict(d.pop("options"))

        passkey_registration = cls(
            id=id,
            created_at=created_at,
            expires_at=expires_at,
            user_id=user_id,
            options=options,
        )

        return passkey_registration
