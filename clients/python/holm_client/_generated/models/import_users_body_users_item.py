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
    from ..models.import_users_body_users_item_identities_type_0_item import (
        ImportUsersBodyUsersItemIdentitiesType0Item,
    )
    from ..models.import_users_body_users_item_imported_passkeys import (
        ImportUsersBodyUsersItemImportedPasskeys,
    )
    from ..models.import_users_body_users_item_sessions_type_0_item import (
        ImportUsersBodyUsersItemSessionsType0Item,
    )


T = TypeVar("T", bound="ImportUsersBodyUsersItem")


@_attrs_define
class ImportUsersBodyUsersItem:
    """
    Attributes:
        id (Union[None, Unset, str]): A Holm identifier (24 characters of the identifier alphabet), kept as given, so
            ids your application stores stay valid; absent: a new one.
        email (Union[None, Unset, str]): The rules of [email addresses](#email-addresses); stored in NFC, lower-cased.
        email_verified (Union[None, Unset, bool]): Default false.
        created_at (Union[None, Unset, int]): Whole Unix seconds, not in the future (up to an hour ahead of the server's
            clock is stored as now; further fails the row); default now.
        password_hash (Union[None, Unset, str]): One of the forms of docs/import.md, checked against its cost bounds and
            never computed at import; null or absent: a user without a password, whose every password check is
            INCORRECT_PASSWORD until a password reset sets one.
        totp_key (Union[None, Unset, str]): Standard base64 of 10 to 64 bytes (SHA-1, 6 digits, 30-second steps),
            registered as the TOTP credential.
        recovery_code (Union[None, Unset, str]): 8 characters of the code alphabet, any case; absent: a new one.
        passkeys (Union[None, Unset, list['ImportUsersBodyUsersItemImportedPasskeys']]): At most 10, registered to the
            user as they are (docs/import.md); a credential id already registered is a conflict like a taken email.
        passkey_user_handle (Union[None, Unset, str]): Base64url of the user handle (1 to 64 bytes) the user's passkeys
            were made with; so that discoverable sign-ins keep working; absent: a new one when first needed.
        sessions (Union[None, Unset, list['ImportUsersBodyUsersItemSessionsType0Item']]): The user's live sessions as
            `holm export` wrote them, restored so that a move signs no one out; a session id already taken is a conflict
            like a taken id.
        disabled_until (Union[None, Unset, int]): An operator's disable (API.md section 18): 0 until enabled, else the
            time it ends; absent: enabled. An end that has passed imports an enabled user. A row disabled now carries no
            sessions (disabling ended them), else INVALID_DATA.
        disabled_reason (Union[None, Unset, str]): The disable's reason, at most 200 code points; only with
            disabled_until.
        identities (Union[None, Unset, list['ImportUsersBodyUsersItemIdentitiesType0Item']]): The user's identities at
            identity providers as `holm export` wrote them; one held already (its id, or its issuer and subject) is a
            conflict (IDENTITY_IN_USE).
    """

    id: Union[None, Unset, str] = UNSET
    email: Union[None, Unset, str] = UNSET
    email_verified: Union[None, Unset, bool] = UNSET
    created_at: Union[None, Unset, int] = UNSET
    password_hash: Union[None, Unset, str] = UNSET
    totp_key: Union[None, Unset, str] = UNSET
    recovery_code: Union[None, Unset, str] = UNSET
    passkeys: Union[None, Unset, list["ImportUsersBodyUsersItemImportedPasskeys"]] = (
        UNSET
    )
    passkey_user_handle: Union[None, Unset, str] = UNSET
    sessions: Union[None, Unset, list["ImportUsersBodyUsersItemSessionsType0Item"]] = (
        UNSET
    )
    disabled_until: Union[None, Unset, int] = UNSET
    disabled_reason: Union[None, Unset, str] = UNSET
    identities: Union[
        None, Unset, list["ImportUsersBodyUsersItemIdentitiesType0Item"]
    ] = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        created_at: Union[None, Unset, int]
        if isinstance(self.created_at, Unset):
            created_at = UNSET
        else:
            created_at = self.created_at

        password_hash: Union[None, Unset, str]
        if isinstance(self.password_hash, Unset):
            password_hash = UNSET
        else:
            password_hash = self.password_hash

        totp_key: Union[None, Unset, str]
        if isinstance(self.totp_key, Unset):
            totp_key = UNSET
        else:
            totp_key = self.totp_key

        recovery_code: Union[None, Unset, str]
        if isinstance(self.recovery_code, Unset):
            recovery_code = UNSET
        else:
            recovery_code = self.recovery_code

        passkeys: Union[None, Unset, list[dict[str, Any]]]
        if isinstance(self.passkeys, Unset):
            passkeys = UNSET
        elif isinstance(self.passkeys, list):
            passkeys = []
            for passkeys_type_0_item_data in self.passkeys:
                passkeys_type_0_item = passkeys_type_0_item_data.to_dict()
                passkeys.append(passkeys_type_0_item)

        else:
            passkeys = self.passkeys

        passkey_user_handle: Union[None, Unset, str]
        if isinstance(self.passkey_user_handle, Unset):
            passkey_user_handle = UNSET
        else:
            passkey_user_handle = self.passkey_user_handle

        sessions: Union[None, Unset, list[dict[str, Any]]]
        if isinstance(self.sessions, Unset):
            sessions = UNSET
        elif isinstance(self.sessions, list):
            sessions = []
            for sessions_type_0_item_data in self.sessions:
                sessions_type_0_item = sessions_type_0_item_data.to_dict()
                sessions.append(sessions_type_0_item)

        else:
            sessions = self.sessions

        disabled_until: Union[None, Unset, int]
        if isinstance(self.disabled_until, Unset):
            disabled_until = UNSET
        else:
            disabled_until = self.disabled_until

        disabled_reason: Union[None, Unset, str]
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason

        identities: Union[None, Unset, list[dict[str, Any]]]
        if isinstance(self.identities, Unset):
            identities = UNSET
        elif isinstance(self.identities, list):
            identities = []
            for identities_type_0_item_data in self.identities:
                identities_type_0_item = identities_type_0_item_data.to_dict()
                identities.append(identities_type_0_item)

        else:
            identities = self.identities

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if email is not UNSET:
            field_dict["email"] = email
        if email_verified is not UNSET:
            field_dict["email_verified"] = email_verified
        if created_at is not UNSET:
            field_dict["created_at"] = created_at
        if password_hash is not UNSET:
            field_dict["password_hash"] = password_hash
        if totp_key is not UNSET:
            field_dict["totp_key"] = totp_key
        if recovery_code is not UNSET:
            field_dict["recovery_code"] = recovery_code
        if passkeys is not UNSET:
            field_dict["passkeys"] = passkeys
        if passkey_user_handle is not UNSET:
            field_dict["passkey_user_handle"] = passkey_user_handle
        if sessions is not UNSET:
            field_dict["sessions"] = sessions
        if disabled_until is not UNSET:
            field_dict["disabled_until"] = disabled_until
        if disabled_reason is not UNSET:
            field_dict["disabled_reason"] = disabled_reason
        if identities is not UNSET:
            field_dict["identities"] = identities

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_users_body_users_item_identities_type_0_item import (
            ImportUsersBodyUsersItemIdentitiesType0Item,
        )
        from ..models.import_users_body_users_item_imported_passkeys import (
            ImportUsersBodyUsersItemImportedPasskeys,
        )
        from ..models.import_users_body_users_item_sessions_type_0_item import (
            ImportUsersBodyUsersItemSessionsType0Item,
        )

        d = dict(src_dict)

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

        def _parse_created_at(data: object) -> Union[None, Unset, int]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, int], data)

        created_at = _parse_created_at(d.pop("created_at", UNSET))

        def _parse_password_hash(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        password_hash = _parse_password_hash(d.pop("password_hash", UNSET))

        def _parse_totp_key(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        totp_key = _parse_totp_key(d.pop("totp_key", UNSET))

        def _parse_recovery_code(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        recovery_code = _parse_recovery_code(d.pop("recovery_code", UNSET))

        def _parse_passkeys(
            data: object,
        ) -> Union[None, Unset, list["ImportUsersBodyUsersItemImportedPasskeys"]]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                passkeys_type_0 = []
                _passkeys_type_0 = data
                for passkeys_type_0_item_data in _passkeys_type_0:
                    passkeys_type_0_item = (
                        ImportUsersBodyUsersItemImportedPasskeys.from_dict(
                            passkeys_type_0_item_data
                        )
                    )

                    passkeys_type_0.append(passkeys_type_0_item)

                return passkeys_type_0
            except:  # noqa: E722
                pass
            return cast(
                Union[None, Unset, list["ImportUsersBodyUsersItemImportedPasskeys"]],
                data,
            )

        passkeys = _parse_passkeys(d.pop("passkeys", UNSET))

        def _parse_passkey_user_handle(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        passkey_user_handle = _parse_passkey_user_handle(
            d.pop("passkey_user_handle", UNSET)
        )

        def _parse_sessions(
            data: object,
        ) -> Union[None, Unset, list["ImportUsersBodyUsersItemSessionsType0Item"]]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                sessions_type_0 = []
                _sessions_type_0 = data
                for sessions_type_0_item_data in _sessions_type_0:
                    sessions_type_0_item = (
                        ImportUsersBodyUsersItemSessionsType0Item.from_dict(
                            sessions_type_0_item_data
                        )
                    )

                    sessions_type_0.append(sessions_type_0_item)

                return sessions_type_0
            except:  # noqa: E722
                pass
            return cast(
                Union[None, Unset, list["ImportUsersBodyUsersItemSessionsType0Item"]],
                data,
            )

        sessions = _parse_sessions(d.pop("sessions", UNSET))

        def _parse_disabled_until(data: object) -> Union[None, Unset, int]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, int], data)

        disabled_until = _parse_disabled_until(d.pop("disabled_until", UNSET))

        def _parse_disabled_reason(data: object) -> Union[None, Unset, str]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(Union[None, Unset, str], data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason", UNSET))

        def _parse_identities(
            data: object,
        ) -> Union[None, Unset, list["ImportUsersBodyUsersItemIdentitiesType0Item"]]:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                identities_type_0 = []
                _identities_type_0 = data
                for identities_type_0_item_data in _identities_type_0:
                    identities_type_0_item = (
                        ImportUsersBodyUsersItemIdentitiesType0Item.from_dict(
                            identities_type_0_item_data
                        )
                    )

                    identities_type_0.append(identities_type_0_item)

                return identities_type_0
            except:  # noqa: E722
                pass
            return cast(
                Union[None, Unset, list["ImportUsersBodyUsersItemIdentitiesType0Item"]],
                data,
            )

        identities = _parse_identities(d.pop("identities", UNSET))

        import_users_body_users_item = cls(
            id=id,
            email=email,
            email_verified=email_verified,
            created_at=created_at,
            password_hash=password_hash,
            totp_key=totp_key,
            recovery_code=recovery_code,
            passkeys=passkeys,
            passkey_user_handle=passkey_user_handle,
            sessions=sessions,
            disabled_until=disabled_until,
            disabled_reason=disabled_reason,
            identities=identities,
        )

        import_users_body_users_item.additional_properties = d
        return import_users_body_users_item

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
