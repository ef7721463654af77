from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
    Union,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.external_sign_in_provider_tokens import ExternalSignInProviderTokens
    from ..models.identity import Identity
    from ..models.user import User


T = TypeVar("T", bound="ExternalSignIn")


@_attrs_define
class ExternalSignIn:
    """
    Attributes:
        outcome (str): signed_in: the identity's user. created: a new user (create_user). linked: added to the request's
            user, or to the email's holder (auto_link). link_required: another user holds the email: prove that user, then
            POST /external-sign-ins/{id}/link. unknown: nobody holds the identity or the email.
        user (Union['User', None]): The user signed in, created or linked; for link_required, the email's holder, only
            when the provider verified the email.
        identity (Union['Identity', None]):
        email (Union[None, str]): The email the provider gave (NFC, lower-cased), or null.
        email_verified (bool): Whether the provider said it verified that email.
        provider_tokens (ExternalSignInProviderTokens): The provider's access token, for your own calls to its API: in
            this answer only, never stored or shown again.
    """

    outcome: str
    user: Union["User", None]
    identity: Union["Identity", None]
    email: Union[None, str]
    email_verified: bool
    provider_tokens: "ExternalSignInProviderTokens"

    def to_dict(self) -> dict[str, Any]:
        from ..models.identity import Identity
        from ..models.user import User

        outcome = self.outcome

        user: Union[None, dict[str, Any]]
        if isinstance(self.user, User):
            user = self.user.to_dict()
        else:
            user = self.user

        identity: Union[None, dict[str, Any]]
        if isinstance(self.identity, Identity):
            identity = self.identity.to_dict()
        else:
            identity = self.identity

        email: Union[None, str]
        email = self.email

        email_verified = self.email_verified

        provider_tokens = self.provider_tokens.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "user": user,
                "identity": identity,
                "email": email,
                "email_verified": email_verified,
                "provider_tokens": provider_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.external_sign_in_provider_tokens import (
            ExternalSignInProviderTokens,
        )
        from ..models.identity import Identity
        from ..models.user import User

        d = dict(src_dict)
        outcome = d.pop("outcome")

        def _parse_user(data: object) -> Union["User", None]:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                user_type_0 = User.from_dict(data)

                return user_type_0
            except:  # noqa: E722
                pass
            return cast(Union["User", None], data)

        user = _parse_user(d.pop("user"))

        def _parse_identity(data: object) -> Union["Identity", None]:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                identity_type_0 = Identity.from_dict(data)

                return identity_type_0
            except:  # noqa: E722
                pass
            return cast(Union["Identity", None], data)

        identity = _parse_identity(d.pop("identity"))

        def _parse_email(data: object) -> Union[None, str]:
            if data is None:
                return data
            return cast(Union[None, str], data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        provider_tokens = ExternalSignInProviderTokens.from_dict(
            d.pop("provider_tokens")
        )

        external_sign_in = cls(
            outcome=outcome,
            user=user,
            identity=identity,
            email=email,
            email_verified=email_verified,
            provider_tokens=provider_tokens,
        )

        return external_sign_in
