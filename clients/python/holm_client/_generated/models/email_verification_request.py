from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EmailVerificationRequest")


@_attrs_define
class EmailVerificationRequest:
    """
    Attributes:
        user_id (str): The user. A user has at most one request; it has no identifier of its own: it is reached through
            its user.
        created_at (int):
        expires_at (int): `created_at` + 600.
        code (str): The code to send to the user. `GET` shows it again, so you can resend it.
    """

    user_id: str
    created_at: int
    expires_at: int
    code: str

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        created_at = self.created_at

        expires_at = self.expires_at

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        code = d.pop("code")

        email_verification_request = cls(
            user_id=user_id,
            created_at=created_at,
            expires_at=expires_at,
            code=code,
        )

        return email_verification_request
