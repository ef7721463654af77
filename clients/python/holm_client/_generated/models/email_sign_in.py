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
    """

    user: Union["User", None]
    created: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.user import User

        user: Union[None, dict[str, Any]]
        if isinstance(self.user, User):
            user = self.user.to_dict()
        else:
            user = self.user

        created = self.created

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "created": created,
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

        email_sign_in = cls(
            user=user,
            created=created,
        )

        return email_sign_in
