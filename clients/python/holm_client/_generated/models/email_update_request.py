from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="EmailUpdateRequest")


@_attrs_define
class EmailUpdateRequest:
    """
    Attributes:
        id (str):
        user_id (str):
        created_at (int):
        expires_at (int):
        email (str): The new address (NFC, lower-cased).
        code (str): The code to send to the new address.
    """

    id: str
    user_id: str
    created_at: int
    expires_at: int
    email: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id = self.user_id

        created_at = self.created_at

        expires_at = self.expires_at

        email = self.email

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "email": email,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        user_id = d.pop("user_id")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        email = d.pop("email")

        code = d.pop("code")

        email_update_request = cls(
            id=id,
            user_id=user_id,
            created_at=created_at,
            expires_at=expires_at,
            email=email,
            code=code,
        )

        return email_update_request
