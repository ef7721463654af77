from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_users_body_users_item import ImportUsersBodyUsersItem


T = TypeVar("T", bound="ImportUsersBody")


@_attrs_define
class ImportUsersBody:
    """
    Attributes:
        users (list['ImportUsersBodyUsersItem']):
        on_conflict (Union[None, Unset, str]): What a row whose email, id or a passkey's credential id is taken gets:
            `error` (default) fails it, `skip` skips it and names the user who holds it.
    """

    users: list["ImportUsersBodyUsersItem"]
    on_conflict: Union[None, Unset, str] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        users = []
        for users_item_data in self.users:
            users_item = users_item_data.to_dict()
            users.append(users_item)

        on_conflict: Union[None, Unset, str]
        if isinstance(self.on_conflict, Unset):
            on_conflict = UNSET
        else:
            on_conflict = self.on_conflict

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "users": users,
            }
        )
        if on_conflict is not UNSET:
            field_dict["on_conflict"] = on_conflict

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_users_body_users_item import ImportUsersBodyUsersItem

        d = dict(src_dict)
        users = []
        _users = d.pop("users")
        for users_item_data in _users:
            users_item = ImportUsersBodyUsersItem.from_dict(users_item_data)

            users.append(users_item)

        def _parse_on_conflict(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        on_conflict = _parse_on_conflict(d.pop("on_conflict", UNSET))

        import_users_body = cls(
            users=users,
            on_conflict=on_conflict,
        )

        import_users_body.additional_properties = d
        return import_users_body

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
