from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """
    Attributes:
        id (str):
        user_id (str):
        created_at (int):
        last_used_at (int): Written at most once a minute (once per tenth of the idle timeout when that is shorter than
            ten minutes).
        expires_at (int): The earlier of last_used_at + the idle timeout and created_at + the lifetime, with the values
            in force now.
        client_ip (Union[None, str]): The address (canonical), or the string as sent when it is no address; null when
            none was sent.
        user_agent (Union[None, str]):
        second_factor_verified_at (Union[None, int]): When a second factor was verified for this session; null when
            never.
        new_device (bool): Neither this user agent nor this network (IPv4 /24, IPv6 /48) was on a session of the user in
            the last 90 days; false for the first session ever and when neither was sent.
    """

    id: str
    user_id: str
    created_at: int
    last_used_at: int
    expires_at: int
    client_ip: Union[None, str]
    user_agent: Union[None, str]
    second_factor_verified_at: Union[None, int]
    new_device: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id = self.user_id

        created_at = self.created_at

        last_used_at = self.last_used_at

        expires_at = self.expires_at

        client_ip: Union[None, str]
        client_ip = self.client_ip

        user_agent: Union[None, str]
        user_agent = self.user_agent

        second_factor_verified_at: Union[None, int]
        second_factor_verified_at = self.second_factor_verified_at

        new_device = self.new_device

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "expires_at": expires_at,
                "client_ip": client_ip,
                "user_agent": user_agent,
                "second_factor_verified_at": second_factor_verified_at,
                "new_device": new_device,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        user_id = d.pop("user_id")

        created_at = d.pop("created_at")

        last_used_at = d.pop("last_used_at")

        expires_at = d.pop("expires_at")

        def _parse_client_ip(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        client_ip = _parse_client_ip(d.pop("client_ip"))

        def _parse_user_agent(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        user_agent = _parse_user_agent(d.pop("user_agent"))

        def _parse_second_factor_verified_at(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        second_factor_verified_at = _parse_second_factor_verified_at(
            d.pop("second_factor_verified_at")
        )

        new_device = d.pop("new_device")

        session = cls(
            id=id,
            user_id=user_id,
            created_at=created_at,
            last_used_at=last_used_at,
            expires_at=expires_at,
            client_ip=client_ip,
            user_agent=user_agent,
            second_factor_verified_at=second_factor_verified_at,
            new_device=new_device,
        )

        return session
