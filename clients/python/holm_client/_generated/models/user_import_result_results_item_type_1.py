from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="UserImportResultResultsItemType1")


@_attrs_define
class UserImportResultResultsItemType1:
    """
    Attributes:
        index (int):
        status (Literal['skipped']):
        user_id (str): The user who holds the row's email (else its id, else one of its passkeys, sessions or
            identities).
    """

    index: int
    status: Literal["skipped"]
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

        status = cast(Literal["skipped"], d.pop("status"))
        if status != "skipped":
            raise ValueError(f"status must match const 'skipped', got '{status}'")

        user_id = d.pop("user_id")

        user_import_result_results_item_type_1 = cls(
            index=index,
            status=status,
            user_id=user_id,
        )

        return user_import_result_results_item_type_1
