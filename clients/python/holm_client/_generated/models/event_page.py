from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.event_page_events_item import EventPageEventsItem


T = TypeVar("T", bound="EventPage")


@_attrs_define
class EventPage:
    """
    Attributes:
        events (list['EventPageEventsItem']):
        next_ (str): Give it as `after` to read on; the same cursor comes back while there is nothing newer.
    """

    events: list["EventPageEventsItem"]
    next_: str

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_page_events_item import EventPageEventsItem

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventPageEventsItem.from_dict(events_item_data)

            events.append(events_item)

        next_ = d.pop("next")

        event_page = cls(
            events=events,
            next_=next_,
        )

        return event_page
