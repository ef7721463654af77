from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="PasskeyRegistrationOptionsPubKeyCredParamsItem")


@_attrs_define
class PasskeyRegistrationOptionsPubKeyCredParamsItem:
    """
    Attributes:
        type_ (Literal['public-key']):
        alg (int):
    """

    type_: Literal["public-key"]
    alg: int

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        alg = self.alg

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "alg": alg,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["public-key"], d.pop("type"))
        if type_ != "public-key":
            raise ValueError(f"type must match const 'public-key', got '{type_}'")

        alg = d.pop("alg")

        passkey_registration_options_pub_key_cred_params_item = cls(
            type_=type_,
            alg=alg,
        )

        return passkey_registration_options_pub_key_cred_params_item
