from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.identity import Identity
    from ..models.user import User


T = TypeVar("T", bound="LinkedExternalSignIn")


@_attrs_define
class LinkedExternalSignIn:
    """
    Attributes:
        outcome (Literal['linked']):
        user (User):
        identity (Identity):
    """

    outcome: Literal["linked"]
    user: "User"
    identity: "Identity"

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome

        user = self.user.to_dict()

        identity = self.identity.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "user": user,
                "identity": identity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.identity import Identity
        from ..models.user import User

        d = dict(src_dict)
        outcome = cast(Literal["linked"], d.pop("outcome"))
        if outcome != "linked":
            raise ValueError(f"outcome must match const 'linked', got '{outcome}'")

        user = User.from_dict(d.pop("user"))

        identity = Identity.from_dict(d.pop("identity"))

        linked_external_sign_in = cls(
            outcome=outcome,
            user=user,
            identity=identity,
        )

        return linked_external_sign_in
