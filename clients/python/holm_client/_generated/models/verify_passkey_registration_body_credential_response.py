from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="VerifyPasskeyRegistrationBodyCredentialResponse")


@_attrs_define
class VerifyPasskeyRegistrationBodyCredentialResponse:
    """
    Attributes:
        client_data_json (str):
        attestation_object (str):
        transports (Union[None, Unset, list[str]]):
    """

    client_data_json: str
    attestation_object: str
    transports: Union[None, Unset, list[str]] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_data_json = self.client_data_json

        attestation_object = self.attestation_object

        transports: Union[None, Unset, list[str]]
        if isinstance(self.transports, Unset):
            transports = UNSET
        elif isinstance(self.transports, list):
            transports = self.transports

        else:
            transports = self.transports

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "clientDataJSON": client_data_json,
                "attestationObject": attestation_object,
            }
        )
        if transports is not UNSET:
            field_dict["transports"] = transports

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        client_data_json = d.pop("clientDataJSON")

        attestation_object = d.pop("attestationObject")

        def _parse_transports(data: object) -> Union[None, Unset, list[str]]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                transports_type_0 = cast(list[str], data)

                return transports_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, Unset, list[str]], data)

        transports = _parse_transports(d.pop("transports", UNSET))

        verify_passkey_registration_body_credential_response = cls(
            client_data_json=client_data_json,
            attestation_object=attestation_object,
            transports=transports,
        )

        verify_passkey_registration_body_credential_response.additional_properties = d
        return verify_passkey_registration_body_credential_response

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
