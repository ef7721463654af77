from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="UserImportResultResultsItemType2")


@_attrs_define
class UserImportResultResultsItemType2:
    """
    Attributes:
        index (int):
        status (Literal['failed']):
        error (str):
    """

    index: int
    status: Literal["failed"]
    error: str

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        status = self.status

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "status": status,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        index = d.pop("index")

        status = cast(Literal["failed"], d.pop("status"))
        if status != "failed":
            raise ValueError(f"status must match const 'failed', got '{status}'")

        error = d.pop("error")

        user_import_result_results_item_type_2 = cls(
            index=index,
            status=status,
            error=error,
        )

        return user_import_result_results_item_type_2
