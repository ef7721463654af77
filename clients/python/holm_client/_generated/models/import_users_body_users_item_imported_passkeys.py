from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field
from typing_extensions import Self

from ..types import UNSET, Unset

T = TypeVar("T", bound="ImportUsersBodyUsersItemImportedPasskeys")


@_attrs_define
class ImportUsersBodyUsersItemImportedPasskeys:
    """in the form `holm export` writes. A passkey breaking a rule, or a credential id or passkey id twice in one row,
    fails the row with `INVALID_DATA`.

        Attributes:
            credential_id (str): Base64url (no padding) of the credential id, 1 to 1,023 bytes; unique among every user's
                passkeys.
            public_key (str): Standard base64 of the public key as SubjectPublicKeyInfo (DER), which WebCrypto must import
                for `algorithm` and which must pass a registration's key rules ([passkeys.md](passkeys.md#what-holm-checks)).
            algorithm (Union[Literal[-257], Literal[-7], Literal[-8]]): COSE algorithm: -7 ES256, -8 EdDSA (Ed25519), -257
                RS256 (a 2,048 to 4,096-bit modulus, exponent 65537; EdDSA keys of small order are refused).
            sign_count (int): The signature counter last seen; the next sign-in must exceed it (when either is non-zero), so
                a clone is still caught after a move.
            id (Union[None, Unset, str]): A Holm identifier, kept; absent: a new one.
            name (Union[None, Unset, str]): The rule of a registration's name (1 to 64 characters, not only spaces, no
                control characters (NUL included) or lone surrogates); default "Passkey".
            created_at (Union[None, Unset, int]): Whole Unix seconds, not in the future (up to an hour ahead is stored as
                now); default now.
            last_used_at (Union[None, Unset, int]): Whole Unix seconds, not in the future (up to an hour ahead is stored as
                now); null or absent: never used.
            backup_eligible (Union[None, Unset, bool]): Default false.
            backed_up (Union[None, Unset, bool]): Default false; true only with backup_eligible.
            transports (Union[None, Unset, list[str]]): As the authenticator reported them, by the rule of a registration
                (at most 16, each 1 to 32 characters with no control characters or lone surrogates); default none.
            aaguid (Union[None, Unset, str]): The authenticator model, as a UUID; default all zero.
    """

    credential_id: str
    public_key: str
    algorithm: Literal[-257, -7, -8]
    sign_count: int
    id: Union[None, Unset, str] = UNSET
    name: Union[None, Unset, str] = UNSET
    created_at: Union[None, Unset, int] = UNSET
    last_used_at: Union[None, Unset, int] = UNSET
    backup_eligible: Union[None, Unset, bool] = UNSET
    backed_up: Union[None, Unset, bool] = UNSET
    transports: Union[None, Unset, list[str]] = UNSET
    aaguid: Union[None, Unset, str] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credential_id = self.credential_id

        public_key = self.public_key

        algorithm: Literal[-257, -7, -8]
        algorithm = self.algorithm

        sign_count = self.sign_count

        id: Union[None, Unset, str]
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

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

        last_used_at: Union[None, Unset, int]
        if isinstance(self.last_used_at, Unset):
            last_used_at = UNSET
        else:
            last_used_at = self.last_used_at

        backup_eligible: Union[None, Unset, bool]
        if isinstance(self.backup_eligible, Unset):
            backup_eligible = UNSET
        else:
            backup_eligible = self.backup_eligible

        backed_up: Union[None, Unset, bool]
        if isinstance(self.backed_up, Unset):
            backed_up = UNSET
        else:
            backed_up = self.backed_up

        transports: Union[None, Unset, list[str]]
        if isinstance(self.transports, Unset):
            transports = UNSET
        elif isinstance(self.transports, list):
            transports = self.transports

        else:
            transports = self.transports

        aaguid: Union[None, Unset, str]
        if isinstance(self.aaguid, Unset):
            aaguid = UNSET
        else:
            aaguid = self.aaguid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "credential_id": credential_id,
                "public_key": public_key,
                "algorithm": algorithm,
                "sign_count": sign_count,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if last_used_at is not UNSET:
            field_dict["last_used_at"] = last_used_at
        if backup_eligible is not UNSET:
            field_dict["backup_eligible"] = backup_eligible
        if backed_up is not UNSET:
            field_dict["backed_up"] = backed_up
        if transports is not UNSET:
            field_dict["transports"] = transports
        if aaguid is not UNSET:
            field_dict["aaguid"] = aaguid

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        credential_id = d.pop("credential_id")

        public_key = d.pop("public_key")

        def _parse_algorithm(data: object) -> Literal[-257, -7, -8]:
            algorithm_type_0 = cast(Literal[-7], data)
            if algorithm_type_0 != -7:
                raise ValueError(
                    f"algorithm_type_0 must match const -7, got '{algorithm_type_0}'"
                )
            return algorithm_type_0
            algorithm_type_1 = cast(Literal[-8], data)
            if algorithm_type_1 != -8:
                raise ValueError(
                    f"algorithm_type_1 must match const -8, got '{algorithm_type_1}'"
                )
            return algorithm_type_1
            algorithm_type_2 = cast(Literal[-257], data)
            if algorithm_type_2 != -257:
                raise ValueError(
                    f"algorithm_type_2 must match const -257, got '{algorithm_type_2}'"
                )
            return algorithm_type_2

        algorithm = _parse_algorithm(d.pop("algorithm"))

        sign_count = d.pop("sign_count")

        def _parse_id(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        id = _parse_id(d.pop("id", UNSET))

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

        def _parse_last_used_at(data: object) -> Union[None, Unset, int]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, int], data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at", UNSET))

        def _parse_backup_eligible(data: object) -> Union[None, Unset, bool]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, bool], data)

        backup_eligible = _parse_backup_eligible(d.pop("backup_eligible", UNSET))

        def _parse_backed_up(data: object) -> Union[None, Unset, bool]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, bool], data)

        backed_up = _parse_backed_up(d.pop("backed_up", UNSET))

        def _parse_transports(data: object) -> Union[None, Unset, list[str]]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                transports_type_0 = cast(list[str], data)

                return transports_type_0
            except:  # noqa: E722
                pass
            return cast(Union[None, Unset, list[str]], data)

        transports = _parse_transports(d.pop("transports", UNSET))

        def _parse_aaguid(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        aaguid = _parse_aaguid(d.pop("aaguid", UNSET))

        import_users_body_users_item_imported_passkeys = cls(
            credential_id=credential_id,
            public_key=public_key,
            algorithm=algorithm,
            sign_count=sign_count,
            id=id,
            name=name,
            created_at=created_at,
            last_used_at=last_used_at,
            backup_eligible=backup_eligible,
            backed_up=backed_up,
            transports=transports,
            aaguid=aaguid,
        )

        import_users_body_users_item_imported_passkeys.additional_properties = d
        return import_users_body_users_item_imported_passkeys

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
