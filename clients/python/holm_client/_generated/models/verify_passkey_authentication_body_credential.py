from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.verify_passkey_authentication_body_credential_response import (
        VerifyPasskeyAuthenticationBodyCredentialResponse,
    )


T = TypeVar("T", bound="VerifyPasskeyAuthenticationBodyCredential")


@_attrs_define
class VerifyPasskeyAuthenticationBodyCredential:
    """
    Attributes:
        id (str):
        raw_id (str):
        type_ (str):
        response (VerifyPasskeyAuthenticationBodyCredentialResponse):
    """

    id: str
    raw_id: str
    type_: str
    response: "VerifyPasskeyAuthenticationBodyCredentialResponse"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        raw_id = self.raw_id

        type_ = self.type_

        response = self.response.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rawId": raw_id,
                "type": type_,
                "response": response,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.verify_passkey_authentication_body_credential_response import (
            VerifyPasskeyAuthenticationBodyCredentialResponse,
        )

        d = dict(src_dict)
        id = d.pop("id")

        raw_id = d.pop("rawId")

        type_ = d.pop("type")

        response = VerifyPasskeyAuthenticationBodyCredentialResponse.from_dict(
            d.pop("response")
        )

        verify_passkey_authentication_body_credential = cls(
            id=id,
            raw_id=raw_id,
            type_=type_,
            response=response,
        )

        verify_passkey_authentication_body_credential.additional_properties = d
        return verify_passkey_authentication_body_credential

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
