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

T = TypeVar("T", bound="VerifyExternalSignInBody")


@_attrs_define
class VerifyExternalSignInBody:
    """The callback's query parameters, relayed: `code` or `error` is required.

    Attributes:
        state (str): The callback's `state`.
        code (Union[None, Unset, str]): The callback's `code`; absent when the provider sent an `error`.
        error (Union[None, Unset, str]): The callback's `error`, when the provider sent one (the user cancelled, say).
        iss (Union[None, Unset, str]): The callback's `iss` (RFC 9207), when the provider sent one.
        client_ip (Union[None, Unset, str]): Your end user's address, for the per-address limits and the events; see
            [`client_ip`](#client_ip).
        create_user (Union[None, Unset, bool]): Default false. When nobody holds the identity or the email, create a
            user with them.
    """

    state: str
    code: Union[None, Unset, str] = UNSET
    error: Union[None, Unset, str] = UNSET
    iss: Union[None, Unset, str] = UNSET
    client_ip: Union[None, Unset, str] = UNSET
    create_user: Union[None, Unset, bool] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        state = self.state

        code: Union[None, Unset, str]
        if isinstance(self.code, Unset):
            code = UNSET
        else:
            code = self.code

        error: Union[None, Unset, str]
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        iss: Union[None, Unset, str]
        if isinstance(self.iss, Unset):
            iss = UNSET
        else:
            iss = self.iss

        client_ip: Union[None, Unset, str]
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        create_user: Union[None, Unset, bool]
        if isinstance(self.create_user, Unset):
            create_user = UNSET
        else:
            create_user = self.create_user

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "state": state,
            }
        )
        if code is not UNSET:
            field_dict["code"] = code
        if error is not UNSET:
            field_dict["error"] = error
        if iss is not UNSET:
            field_dict["iss"] = iss
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if create_user is not UNSET:
            field_dict["create_user"] = create_user

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        state = d.pop("state")

        def _parse_code(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        code = _parse_code(d.pop("code", UNSET))

        def _parse_error(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        error = _parse_error(d.pop("error", UNSET))

        def _parse_iss(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        iss = _parse_iss(d.pop("iss", UNSET))

        def _parse_client_ip(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        client_ip = _parse_client_ip(d.pop("client_ip", UNSET))

        def _parse_create_user(data: object) -> Union[None, Unset, bool]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, bool], data)

        create_user = _parse_create_user(d.pop("create_user", UNSET))

        verify_external_sign_in_body = cls(
            state=state,
            code=code,
            error=error,
            iss=iss,
            client_ip=client_ip,
            create_user=create_user,
        )

        verify_external_sign_in_body.additional_properties = d
        return verify_external_sign_in_body

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
