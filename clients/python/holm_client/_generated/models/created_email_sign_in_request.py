from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="CreatedEmailSignInRequest")


@_attrs_define
class CreatedEmailSignInRequest:
    """
    Attributes:
        id (str): With the code, it signs in: keep it out of logs.
        user_id (Union[None, str]): The user who held the email when the request was made; null when nobody did.
        email (str): NFC, lower-cased.
        created_at (int):
        expires_at (int):
        code (str):
    """

    id: str
    user_id: Union[None, str]
    email: str
    created_at: int
    expires_at: int
    code: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id: Union[None, str]
        user_id = self.user_id

        email = self.email

        created_at = self.created_at

        expires_at = self.expires_at

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "email": email,
                "created_at": created_at,
                "expires_at": expires_at,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_user_id(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        user_id = _parse_user_id(d.pop("user_id"))

        email = d.pop("email")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        code = d.pop("code")

        created_email_sign_in_request = cls(
            id=id,
            user_id=user_id,
            email=email,
            created_at=created_at,
            expires_at=expires_at,
            code=code,
        )

        return created_email_sign_in_request
