from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="RecoveryCode")


@_attrs_define
class RecoveryCode:
    """
    Attributes:
        recovery_code (str):
    """

    recovery_code: str

    def to_dict(self) -> dict[str, Any]:
        recovery_code = self.recovery_code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "recovery_code": recovery_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        recovery_code = d.pop("recovery_code")

        recovery_code = cls(
            recovery_code=recovery_code,
        )

        return recovery_code
