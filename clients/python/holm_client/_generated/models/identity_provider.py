from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="IdentityProvider")


@_attrs_define
class IdentityProvider:
    """
    Attributes:
        name (str):
        kind (str):
    """

    name: str
    kind: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        kind = d.pop("kind")

        identity_provider = cls(
            name=name,
            kind=kind,
        )

        return identity_provider
