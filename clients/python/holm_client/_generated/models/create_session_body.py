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

T = TypeVar("T", bound="CreateSessionBody")


@_attrs_define
class CreateSessionBody:
    """
    Attributes:
        client_ip (Union[None, Unset, str]):
        user_agent (Union[None, Unset, str]):
        second_factor_verified (Union[None, Unset, bool]):
    """

    client_ip: Union[None, Unset, str] = UNSET
    user_agent: Union[None, Unset, str] = UNSET
    second_factor_verified: Union[None, Unset, bool] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_ip: Union[None, Unset, str]
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        user_agent: Union[None, Unset, str]
        if isinstance(self.user_agent, Unset):
            user_agent = UNSET
        else:
            user_agent = self.user_agent

        second_factor_verified: Union[None, Unset, bool]
        if isinstance(self.second_factor_verified, Unset):
            second_factor_verified = UNSET
        else:
            second_factor_verified = self.second_factor_verified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if user_agent is not UNSET:
            field_dict["user_agent"] = user_agent
        if second_factor_verified is not UNSET:
            field_dict["second_factor_verified"] = second_factor_verified

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_client_ip(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        client_ip = _parse_client_ip(d.pop("client_ip", UNSET))

        def _parse_user_agent(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        user_agent = _parse_user_agent(d.pop("user_agent", UNSET))

        def _parse_second_factor_verified(data: object) -> Union[None, Unset, bool]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, bool], data)

        second_factor_verified = _parse_second_factor_verified(
            d.pop("second_factor_verified", UNSET)
        )

        create_session_body = cls(
            client_ip=client_ip,
            user_agent=user_agent,
            second_factor_verified=second_factor_verified,
        )

        create_session_body.additional_properties = d
        return create_session_body

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
