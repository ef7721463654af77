from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="Passkey")


@_attrs_define
class Passkey:
    """
    Attributes:
        id (str):
        user_id (str):
        name (str):
        created_at (int):
        last_used_at (Union[None, int]): null until the passkey is first used to sign in.
        backup_eligible (bool): The authenticator may sync the passkey (a multi-device credential).
        backed_up (bool): The passkey is synced or backed up now (as of its last use).
        transports (list[str]): As the browser reported them at registration (usb, nfc, ble, internal, hybrid…).
        aaguid (str): The authenticator model, all zeros when it does not say. Not verified (no attestation).
    """

    id: str
    user_id: str
    name: str
    created_at: int
    last_used_at: Union[None, int]
    backup_eligible: bool
    backed_up: bool
    transports: list[str]
    aaguid: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        user_id = self.user_id

        name = self.name

        created_at = self.created_at

        last_used_at: Union[None, int]
        last_used_at = self.last_used_at

        backup_eligible = self.backup_eligible

        backed_up = self.backed_up

        transports = self.transports

        aaguid = self.aaguid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "name": name,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "backup_eligible": backup_eligible,
                "backed_up": backed_up,
                "transports": transports,
                "aaguid": aaguid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        user_id = d.pop("user_id")

        name = d.pop("name")

        created_at = d.pop("created_at")

        def _parse_last_used_at(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        backup_eligible = d.pop("backup_eligible")

        backed_up = d.pop("backed_up")

        transports = cast(list[str], d.pop("transports"))

        aaguid = d.pop("aaguid")

        passkey = cls(
            id=id,
            user_id=user_id,
            name=name,
            created_at=created_at,
            last_used_at=last_used_at,
            backup_eligible=backup_eligible,
            backed_up=backed_up,
            transports=transports,
            aaguid=aaguid,
        )

        return passkey
