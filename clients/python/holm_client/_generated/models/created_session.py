from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.session import Session


T = TypeVar("T", bound="CreatedSession")


@_attrs_define
class CreatedSession:
    """
    Attributes:
        session (Session):
        token (str): `<session id>.<secret>`: returned once, never shown again. Keep it in an HttpOnly cookie.
    """

    session: "Session"
    token: str

    def to_dict(self) -> dict[str, Any]:
        session = self.session.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.session import Session

        d = dict(src_dict)
        session = Session.from_dict(d.pop("session"))

        token = d.pop("token")

        created_session = cls(
            session=session,
            token=token,
        )

        return created_session
