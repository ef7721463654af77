from collections.abc import Mapping
from typing import (
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

T = TypeVar("T", bound="User")


@_attrs_define
class User:
    """
    Attributes:
        id (str):
        created_at (int): Creation time, Unix seconds.
        email (Union[None, str]): NFC, lower-cased; null when the user has none.
        email_verified (bool): Set by verify-email, reset-password, verify-new-email and an email sign-in. While it is
            false, the first reset-password or email sign-in removes what the account had
            ([security.md](security.md#whoever-proves-the-address-owns-the-account)).
        registered_totp (bool): Deprecated: read totp_registered, which always has the same value.
        totp_registered (bool): Whether the user has a TOTP credential (the name @faroe/sdk reads).
        recovery_code (str): The user's current recovery code.
        password_leaked (bool): The user's current password was found in the leak lists at a correct check after it was
            set; true until the password is set again (update or reset). Send the user to change it right away.
        password_set (bool): Whether the user has a password. A user made by an email code or an identity provider has
            none until a reset sets one: offer "set a password" rather than "change it".
        disabled (bool): An operator disabled the user (POST /users/{user_id}/disable): every way in answers 403
            USER_DISABLED once its credential proved correct, and no session can be created. False again once enabled, or by
            itself once disabled_until has passed.
        disabled_until (Union[None, int]): When the disable ends by itself, Unix seconds; null while enabled, and while
            disabled until enabled.
    """

    id: str
    created_at: int
    email: Union[None, str]
    email_verified: bool
    registered_totp: bool
    totp_registered: bool
    recovery_code: str
    password_leaked: bool
    password_set: bool
    disabled: bool
    disabled_until: Union[None, int]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        created_at = self.created_at

        email: Union[None, str]
        email = self.email

        email_verified = self.email_verified

        registered_totp = self.registered_totp

        totp_registered = self.totp_registered

        recovery_code = self.recovery_code

        password_leaked = self.password_leaked

        password_set = self.password_set

        disabled = self.disabled

        disabled_until: Union[None, int]
        disabled_until = self.disabled_until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "email": email,
                "email_verified": email_verified,
                "registered_totp": registered_totp,
                "totp_registered": totp_registered,
                "recovery_code": recovery_code,
                "password_leaked": password_leaked,
                "password_set": password_set,
                "disabled": disabled,
                "disabled_until": disabled_until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        created_at = d.pop("created_at")

        def _parse_email(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        registered_totp = d.pop("registered_totp")

        totp_registered = d.pop("totp_registered")

        recovery_code = d.pop("recovery_code")

        password_leaked = d.pop("password_leaked")

        password_set = d.pop("password_set")

        disabled = d.pop("disabled")

        def _parse_disabled_until(data: object) -> Union[None, int]:
            if data is None:
                return data
            return cast(Union[None, int], data)

        disabled_until = _parse_disabled_until(d.pop("disabled_until"))

        user = cls(
            id=id,
            created_at=created_at,
            email=email,
            email_verified=email_verified,
            registered_totp=registered_totp,
            totp_registered=totp_registered,
            recovery_code=recovery_code,
            password_leaked=password_leaked,
            password_set=password_set,
            disabled=disabled,
            disabled_until=disabled_until,
        )

        return user
