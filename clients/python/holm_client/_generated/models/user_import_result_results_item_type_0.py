from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="UserImportResultResultsItemType0")


@_attrs_define
class UserImportResultResultsItemType0:
    """
    Attributes:
        index (int):
        status (Literal['created']):
        user_id (str):
    """

    index: int
    status: Literal["created"]
    user_id: str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        status = self.status

        user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "status": status,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        status = cast(Literal["created"], d.pop("status"))
        if status != "created":
            raise ValueError(f"status must match const 'created', got '{status}'")

        user_id = d.pop("user_id")

        user_import_result_results_item_type_0 = cls(
            index=index,
            status=status,
            user_id=user_id,
        )

        return user_import_result_results_item_type_0
