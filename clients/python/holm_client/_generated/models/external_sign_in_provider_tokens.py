from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="ExternalSignInProviderTokens")


@_attrs_define
class ExternalSignInProviderTokens:
    """The provider's access token, for your own calls to its API: in this answer only, never stored or shown again.

    Attributes:
        access_token (str):
        expires_at (Union[None, int]): null when the provider did not say.
    """

    access_token: str
    expires_at: Union[None, int]

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        expires_at: Union[None, int]
        expires_at = self.expires_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "access_token": access_token,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        def _parse_expires_at(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        external_sign_in_provider_tokens = cls(
            access_token=access_token,
            expires_at=expires_at,
        )

        return external_sign_in_provider_tokens
