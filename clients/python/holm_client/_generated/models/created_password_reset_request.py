from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="CreatedPasswordResetRequest")


@_attrs_define
class CreatedPasswordResetRequest:
    """
    Attributes:
        id (str): Once the request is verified, it is as good as a password: keep it secret.
        user_id (str):
        created_at (int):
        expires_at (int): `created_at` + 600.
        email_verified (bool): Whether the code was given back (`verify-email`). Only a verified request can reset a
            password.
        code (str): Only in the response that creates the request. Holm keeps a hash of it and never shows it again.
    """

    id: str
    user_id: str
    created_at: int
    expires_at: int
    email_verified: bool
    code: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id = self.user_id

        created_at = self.created_at

        expires_at = self.expires_at

        email_verified = self.email_verified

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "email_verified": email_verified,
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

        email_verified = d.pop("email_verified")

        code = d.pop("code")

        created_password_reset_request = cls(
            id=id,
            user_id=user_id,
            created_at=created_at,
            expires_at=expires_at,
            email_verified=email_verified,
            code=code,
        )

        return created_password_reset_request
