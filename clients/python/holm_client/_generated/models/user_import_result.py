from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.user_import_result_results_item_type_0 import (
        UserImportResultResultsItemType0,
    )
    from ..models.user_import_result_results_item_type_1 import (
        UserImportResultResultsItemType1,
    )
    from ..models.user_import_result_results_item_type_2 import (
        UserImportResultResultsItemType2,
    )


T = TypeVar("T", bound="UserImportResult")


@_attrs_define
class UserImportResult:
    """
    Attributes:
        created (int):
        skipped (int):
        failed (int):
        results (list[Union['UserImportResultResultsItemType0', 'UserImportResultResultsItemType1',
            'UserImportResultResultsItemType2']]): One per row, in row order.
    """

    created: int
    skipped: int
    failed: int
    results: list[
        Union[
            "UserImportResultResultsItemType0",
            "UserImportResultResultsItemType1",
            "UserImportResultResultsItemType2",
        ]
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.user_import_result_results_item_type_0 import (
            UserImportResultResultsItemType0,
        )
        from ..models.user_import_result_results_item_type_1 import (
            UserImportResultResultsItemType1,
        )

        created = self.created

        skipped = self.skipped

        failed = self.failed

        results = []
        for results_item_data in self.results:
            results_item: dict[str, Any]
            if isinstance(
                results_item_data, UserImportResultResultsItemType0
            ) or isinstance(results_item_data, UserImportResultResultsItemType1):
                results_item = results_item_data.to_dict()
            else:
                results_item = results_item_data.to_dict()

            results.append(results_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created": created,
                "skipped": skipped,
                "failed": failed,
                "results": results,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.user_import_result_results_item_type_0 import (
            UserImportResultResultsItemType0,
        )
        from ..models.user_import_result_results_item_type_1 import (
            UserImportResultResultsItemType1,
        )
        from ..models.user_import_result_results_item_type_2 import (
            UserImportResultResultsItemType2,
        )

        d = dict(src_dict)
        created = d.pop("created")

        skipped = d.pop("skipped")

        failed = d.pop("failed")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:

            def _parse_results_item(
                data: object,
            ) -> Union[
                "UserImportResultResultsItemType0",
                "UserImportResultResultsItemType1",
                "UserImportResultResultsItemType2",
            ]:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    results_item_type_0 = UserImportResultResultsItemType0.from_dict(
                        data
                    )

                    return results_item_type_0
                except:  # noqa: E722
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    results_item_type_1 = UserImportResultResultsItemType1.from_dict(
                        data
                    )

                    return results_item_type_1
                except:  # noqa: E722
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                results_item_type_2 = UserImportResultResultsItemType2.from_dict(data)

                return results_item_type_2

            results_item = _parse_results_item(results_item_data)

            results.append(results_item)

        user_import_result = cls(
            created=created,
            skipped=skipped,
            failed=failed,
            results=results,
        )

        return user_import_result
