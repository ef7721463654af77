from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.validated_session_session import ValidatedSessionSession
    from ..models.validated_session_user import ValidatedSessionUser


T = TypeVar("T", bound="ValidatedSession")


@_attrs_define
class ValidatedSession:
    """
    Attributes:
        session (ValidatedSessionSession):
        user (ValidatedSessionUser):
    """

    session: "ValidatedSessionSession"
    user: "ValidatedSessionUser"

    def to_dict(self) -> dict[str, Any]:
        session = self.session.to_dict()

        user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
                "user": user,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.validated_session_session import ValidatedSessionSession
        from ..models.validated_session_user import ValidatedSessionUser

        d = dict(src_dict)
        session = ValidatedSessionSession.from_dict(d.pop("session"))

        user = ValidatedSessionUser.from_dict(d.pop("user"))

        validated_session = cls(
            session=session,
            user=user,
        )

        return validated_session
