from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.passkey import Passkey
    from ..models.user import User


T = TypeVar("T", bound="PasskeySignIn")


@_attrs_define
class PasskeySignIn:
    """
    Attributes:
        user (User):
        passkey (Passkey):
    """

    user: "User"
    passkey: "Passkey"

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
        from ..models.passkey import Passkey
        from ..models.user import User

        d = dict(src_dict)
        user = User.from_dict(d.pop("user"))

        passkey = Passkey.from_dict(d.pop("passkey"))

        passkey_sign_in = cls(
            user=user,
            passkey=passkey,
        )

        return passkey_sign_in
