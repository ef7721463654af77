from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="TotpCredential")


@_attrs_define
class TotpCredential:
    """
    Attributes:
        user_id (str):
        created_at (int):
        key (str): Padded standard base64 of the key: 20 bytes, or 10 to 64 when imported. SHA-1, 6 digits, 30-second
            steps. A user has at most one credential; anyone holding the API secret can read it.
    """

    user_id: str
    created_at: int
    key: str

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        created_at = self.created_at

        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
                "created_at": created_at,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        created_at = d.pop("created_at")

        key = d.pop("key")

        totp_credential = cls(
            user_id=user_id,
            created_at=created_at,
            key=key,
        )

        return totp_credential
