from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="PasskeyCredentialDescriptor")


@_attrs_define
class PasskeyCredentialDescriptor:
    """
    Attributes:
        type_ (Literal['public-key']):
        id (str): base64url without padding
        transports (Union[Unset, list[str]]):
    """

    type_: Literal["public-key"]
    id: str
    transports: Union[Unset, list[str]] = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        transports: Union[Unset, list[str]] = UNSET
        if not isinstance(self.transports, Unset):
            transports = self.transports

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )
        if transports is not UNSET:
            field_dict["transports"] = transports

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["public-key"], d.pop("type"))
        if type_ != "public-key":
            raise ValueError(f"type must match const 'public-key', got '{type_}'")

        id = d.pop("id")

        transports = cast(list[str], d.pop("transports", UNSET))

        passkey_credential_descriptor = cls(
            type_=type_,
            id=id,
            transports=transports,
        )

        return passkey_credential_descriptor
