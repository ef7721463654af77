from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="PasskeyRegistrationOptionsAuthenticatorSelection")


@_attrs_define
class PasskeyRegistrationOptionsAuthenticatorSelection:
    """
    Attributes:
        resident_key (Literal['required']):
        require_resident_key (bool):
        user_verification (str):
    """

    resident_key: Literal["required"]
    require_resident_key: bool
    user_verification: str

    def to_dict(self) -> dict[str, Any]:
        resident_key = self.resident_key

        require_resident_key = self.require_resident_key

        user_verification = self.user_verification

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "residentKey": resident_key,
                "requireResidentKey": require_resident_key,
                "userVerification": user_verification,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        resident_key = cast(Literal["required"], d.pop("residentKey"))
        if resident_key != "required":
            raise ValueError(
                f"residentKey must match const 'required', got '{resident_key}'"
            )

        require_resident_key = d.pop("requireResidentKey")

        user_verification = d.pop("userVerification")

        passkey_registration_options_authenticator_selection = cls(
            resident_key=resident_key,
            require_resident_key=require_resident_key,
            user_verification=user_verification,
        )

        return passkey_registration_options_authenticator_selection
