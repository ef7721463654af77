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

T = TypeVar("T", bound="ImportUsersBodyUsersItemIdentitiesType0Item")


@_attrs_define
class ImportUsersBodyUsersItemIdentitiesType0Item:
    """
    Attributes:
        provider (str): The name of the provider it came through (a label: it need not be configured here).
        issuer (str): The provider's issuer: with the subject, what the identity is.
        subject (str): The provider's id of the person: printable ASCII, at most 255 characters.
        id (Union[None, Unset, str]): A Holm identifier, kept; absent: a new one.
        email (Union[None, Unset, str]): What the provider last said; NFC, lower-cased.
        email_verified (Union[None, Unset, bool]): Whether the provider verified that email; default false.
        name (Union[None, Unset, str]):
        created_at (Union[None, Unset, int]): Whole Unix seconds, not in the future (up to an hour ahead is stored as
            now); default now.
        last_sign_in_at (Union[None, Unset, int]): Whole Unix seconds, not in the future; null or absent: never used to
            sign in.
    """

    provider: str
    issuer: str
    subject: str
    id: Union[None, Unset, str] = UNSET
    email: Union[None, Unset, str] = UNSET
    email_verified: Union[None, Unset, bool] = UNSET
    name: Union[None, Unset, str] = UNSET
    created_at: Union[None, Unset, int] = UNSET
    last_sign_in_at: Union[None, Unset, int] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        issuer = self.issuer

        subject = self.subject

        id: Union[None, Unset, str]
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        email: Union[None, Unset, str]
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        email_verified: Union[None, Unset, bool]
        if isinstance(self.email_verified, Unset):
            email_verified = UNSET
        else:
            email_verified = self.email_verified

        name: Union[None, Unset, str]
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        created_at: Union[None, Unset, int]
        if isinstance(self.created_at, Unset):
            created_at = UNSET
        else:
            created_at = self.created_at

        last_sign_in_at: Union[None, Unset, int]
        if isinstance(self.last_sign_in_at, Unset):
            last_sign_in_at = UNSET
        else:
            last_sign_in_at = self.last_sign_in_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provider": provider,
                "issuer": issuer,
                "subject": subject,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if email is not UNSET:
            field_dict["email"] = email
        if email_verified is not UNSET:
            field_dict["email_verified"] = email_verified
        if name is not UNSET:
            field_dict["name"] = name
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if last_sign_in_at is not UNSET:
            field_dict["last_sign_in_at"] = last_sign_in_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider = d.pop("provider")

        issuer = d.pop("issuer")

        subject = d.pop("subject")

        def _parse_id(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_email(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_email_verified(data: object) -> Union[None, Unset, bool]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, bool], data)

        email_verified = _parse_email_verified(d.pop("email_verified", UNSET))

        def _parse_name(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_created_at(data: object) -> Union[None, Unset, int]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, int], data)

        created_at = _parse_created_at(d.pop("created_at", UNSET))

        def _parse_last_sign_in_at(data: object) -> Union[None, Unset, int]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, int], data)

        last_sign_in_at = _parse_last_sign_in_at(d.pop("last_sign_in_at", UNSET))

        import_users_body_users_item_identities_type_0_item = cls(
            provider=provider,
            issuer=issuer,
            subject=subject,
            id=id,
            email=email,
            email_verified=email_verified,
            name=name,
            created_at=created_at,
            last_sign_in_at=last_sign_in_at,
        )

        import_users_body_users_item_identities_type_0_item.additional_properties = d
        return import_users_body_users_item_identities_type_0_item

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
