from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="Identity")


@_attrs_define
class Identity:
    """
    Attributes:
        id (str):
        user_id (str):
        provider (str): The provider it last came through.
        subject (str): The provider's id of the person (with its issuer, what the identity is).
        email (Union[None, str]): What the provider last said; never moves the user's own email.
        email_verified (bool): Whether the provider said it verified that address.
        created_at (int):
        last_sign_in_at (Union[None, int]): null until it is used to sign in.
    """

    id: str
    user_id: str
    provider: str
    subject: str
    email: Union[None, str]
    email_verified: bool
    created_at: int
    last_sign_in_at: Union[None, int]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id = self.user_id

        provider = self.provider

        subject = self.subject

        email: Union[None, str]
        email = self.email

        email_verified = self.email_verified

        created_at = self.created_at

        last_sign_in_at: Union[None, int]
        last_sign_in_at = self.last_sign_in_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "provider": provider,
                "subject": subject,
                "email": email,
                "email_verified": email_verified,
                "created_at": created_at,
                "last_sign_in_at": last_sign_in_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        user_id = d.pop("user_id")

        provider = d.pop("provider")

        subject = d.pop("subject")

        def _parse_email(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        created_at = d.pop("created_at")

        def _parse_last_sign_in_at(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        last_sign_in_at = _parse_last_sign_in_at(d.pop("last_sign_in_at"))

        identity = cls(
            id=id,
            user_id=user_id,
            provider=provider,
            subject=subject,
            email=email,
            email_verified=email_verified,
            created_at=created_at,
            last_sign_in_at=last_sign_in_at,
        )

        return identity
