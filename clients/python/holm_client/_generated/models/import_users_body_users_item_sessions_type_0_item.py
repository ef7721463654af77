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

T = TypeVar("T", bound="ImportUsersBodyUsersItemSessionsType0Item")


@_attrs_define
class ImportUsersBodyUsersItemSessionsType0Item:
    """
    Attributes:
        id (str): The session's identifier, kept: its token stays valid.
        digest (str): Base64url (no padding) of the SHA-256 of the token's secret: 32 bytes.
        created_at (int): Whole Unix seconds, not in the future.
        last_used_at (int): Whole Unix seconds, not before created_at nor in the future.
        client_ip (Union[None, Unset, str]):
        user_agent (Union[None, Unset, str]):
        second_factor_verified_at (Union[None, Unset, int]):
    """

    id: str
    digest: str
    created_at: int
    last_used_at: int
    client_ip: Union[None, Unset, str] = UNSET
    user_agent: Union[None, Unset, str] = UNSET
    second_factor_verified_at: Union[None, Unset, int] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        digest = self.digest

        created_at = self.created_at

        last_used_at = self.last_used_at

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

        second_factor_verified_at: Union[None, Unset, int]
        if isinstance(self.second_factor_verified_at, Unset):
            second_factor_verified_at = UNSET
        else:
            second_factor_verified_at = self.second_factor_verified_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "digest": digest,
                "created_at": created_at,
                "last_used_at": last_used_at,
            }
        )
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if user_agent is not UNSET:
            field_dict["user_agent"] = user_agent
        if second_factor_verified_at is not UNSET:
            field_dict["second_factor_verified_at"] = second_factor_verified_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        digest = d.pop("digest")

        created_at = d.pop("created_at")

        last_used_at = d.pop("last_used_at")

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

        def _parse_second_factor_verified_at(data: object) -> Union[None, Unset, int]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, int], data)

        second_factor_verified_at = _parse_second_factor_verified_at(
            d.pop("second_factor_verified_at", UNSET)
        )

        import_users_body_users_item_sessions_type_0_item = cls(
            id=id,
            digest=digest,
            created_at=created_at,
            last_used_at=last_used_at,
            client_ip=client_ip,
            user_agent=user_agent,
            second_factor_verified_at=second_factor_verified_at,
        )

        import_users_body_users_item_sessions_type_0_item.additional_properties = d
        return import_users_body_users_item_sessions_type_0_item

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
