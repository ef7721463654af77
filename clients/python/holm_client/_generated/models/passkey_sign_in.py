from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.passkey_sign_in_passkey import PasskeySignInPasskey
    from ..models.passkey_sign_in_user import PasskeySignInUser


T = TypeVar("T", bound="PasskeySignIn")


@_attrs_define
class PasskeySignIn:
    """
    Attributes:
        user (PasskeySignInUser):
        passkey (PasskeySignInPasskey):
    """

    user: "PasskeySignInUser"
    passkey: "PasskeySignInPasskey"

    def to_dict(self) -> dict[str, Any]:
        user = self.user.to_dict()

        passkey = self.passkey.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "passkey": passkey,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_sign_in_passkey import PasskeySignInPasskey
        from ..models.passkey_sign_in_user import PasskeySignInUser

        d = dict(src_dict)
        user = PasskeySignInUser.from_dict(d.pop("user"))

        passkey = PasskeySignInPasskey.from_dict(d.pop("passkey"))

        passkey_sign_in = cls(
            user=user,
            passkey=passkey,
        )

        return passkey_sign_in
