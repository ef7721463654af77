from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.event_page_events_item_data import EventPageEventsItemData


T = TypeVar("T", bound="EventPageEventsItem")


@_attrs_define
class EventPageEventsItem:
    """
    Attributes:
        id (str): Also the webhook-id of its webhook delivery.
        time (int):
        type_ (str):
        user_id (Union[None, str]):
        client_ip (Union[None, str]): The canonical client_ip of the call (v4:192.0.2.1, or v6:2001:db8::/64 for an IPv6
            /64), or null.
        data (EventPageEventsItemData): Details by type (limit, check, lock_seconds, request, method, previous_email,
            email); never a password, code, key, hash, secret or request id.
    """

    id: str
    time: int
    type_: str
    user_id: Union[None, str]
    client_ip: Union[None, str]
    data: "EventPageEventsItemData"

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        time = self.time

        type_ = self.type_

        user_id: Union[None, str]
        user_id = self.user_id

        client_ip: Union[None, str]
        client_ip = self.client_ip

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "time": time,
                "type": type_,
                "user_id": user_id,
                "client_ip": client_ip,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_page_events_item_data import EventPageEventsItemData

        d = dict(src_dict)
        id = d.pop("id")

        time = d.pop("time")

        type_ = d.pop("type")

        def _parse_user_id(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        user_id = _parse_user_id(d.pop("user_id"))

        def _parse_client_ip(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        client_ip = _parse_client_ip(d.pop("client_ip"))

        data = EventPageEventsItemData.from_dict(d.pop("data"))

        event_page_events_item = cls(
            id=id,
            time=time,
            type_=type_,
            user_id=user_id,
            client_ip=client_ip,
            data=data,
        )

        return event_page_events_item
