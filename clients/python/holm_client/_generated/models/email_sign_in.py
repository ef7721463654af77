from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.user import User


T = TypeVar("T", bound="EmailSignIn")


@_attrs_define
class EmailSignIn:
    """
    Attributes:
        user (Union['User', None]): The user signed in; null when nobody holds the email and create_user was not true.
        created (bool): True when this call created the user (create_user).
        claimed (bool): True when the user's email was not verified before this code: the code proved the address, and
            everything set up before it (password, TOTP, passkeys, sessions, pending requests) was removed and the recovery
            code replaced. Clear what your application keeps for the user too.
    """

    user: Union["User", None]
    created: bool
    claimed: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.user import User

        user: Union[None, dict[str, Any]]
        if isinstance(self.user, User):
            user = self.user.to_dict()
        else:
            user = self.user

        created = self.created

        claimed = self.claimed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "created": created,
                "claimed": claimed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user import User

        d = dict(src_dict)

        def _parse_user(data: object) -> Union["User", None]:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                user_type_0 = User.from_dict(data)

                return user_type_0
            except:  # noqa: E722
                pass
            return cast(Union["User", None], data)

        user = _parse_user(d.pop("user"))

        created = d.pop("created")

        claimed = d.pop("claimed")

        email_sign_in = cls(
            user=user,
            created=created,
            claimed=claimed,
        )

        return email_sign_in
