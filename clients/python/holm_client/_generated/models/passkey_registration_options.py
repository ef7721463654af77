from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.passkey_credential_descriptor import PasskeyCredentialDescriptor
    from ..models.passkey_registration_options_authenticator_selection import (
        PasskeyRegistrationOptionsAuthenticatorSelection,
    )
    from ..models.passkey_registration_options_pub_key_cred_params_item import (
        PasskeyRegistrationOptionsPubKeyCredParamsItem,
    )
    from ..models.passkey_registration_options_rp import PasskeyRegistrationOptionsRp
    from ..models.passkey_registration_options_user import (
        PasskeyRegistrationOptionsUser,
    )


T = TypeVar("T", bound="PasskeyRegistrationOptions")


@_attrs_define
class PasskeyRegistrationOptions:
    """PublicKeyCredentialCreationOptionsJSON: give it to PublicKeyCredential.parseCreationOptionsFromJSON().

    Attributes:
        rp (PasskeyRegistrationOptionsRp):
        user (PasskeyRegistrationOptionsUser):
        challenge (str): base64url without padding
        pub_key_cred_params (list['PasskeyRegistrationOptionsPubKeyCredParamsItem']):
        timeout (int):
        exclude_credentials (list['PasskeyCredentialDescriptor']):
        authenticator_selection (PasskeyRegistrationOptionsAuthenticatorSelection):
        attestation (Literal['none']):
    """

    rp: "PasskeyRegistrationOptionsRp"
    user: "PasskeyRegistrationOptionsUser"
    challenge: str
    pub_key_cred_params: list["PasskeyRegistrationOptionsPubKeyCredParamsItem"]
    timeout: int
    exclude_credentials: list["PasskeyCredentialDescriptor"]
    authenticator_selection: "PasskeyRegistrationOptionsAuthenticatorSelection"
    attestation: Literal["none"]

    def to_dict(self) -> dict[str, Any]:
        rp = self.rp.to_dict()

        user = self.user.to_dict()

        challenge = self.challenge

        pub_key_cred_params = []
        for pub_key_cred_params_item_data in self.pub_key_cred_params:
            pub_key_cred_params_item = pub_key_cred_params_item_data.to_dict()
            pub_key_cred_params.append(pub_key_cred_params_item)

        timeout = self.timeout

        exclude_credentials = []
        for exclude_credentials_item_data in self.exclude_credentials:
            exclude_credentials_item = exclude_credentials_item_data.to_dict()
            exclude_credentials.append(exclude_credentials_item)

        authenticator_selection = self.authenticator_selection.to_dict()

        attestation = self.attestation

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rp": rp,
                "user": user,
                "challenge": challenge,
                "pubKeyCredParams": pub_key_cred_params,
                "timeout": timeout,
                "excludeCredentials": exclude_credentials,
                "authenticatorSelection": authenticator_selection,
                "attestation": attestation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_credential_descriptor import PasskeyCredentialDescriptor
        from ..models.passkey_registration_options_authenticator_selection import (
            PasskeyRegistrationOptionsAuthenticatorSelection,
        )
        from ..models.passkey_registration_options_pub_key_cred_params_item import (
            PasskeyRegistrationOptionsPubKeyCredParamsItem,
        )
        from ..models.passkey_registration_options_rp import (
            PasskeyRegistrationOptionsRp,
        )
        from ..models.passkey_registration_options_user import (
            PasskeyRegistrationOptionsUser,
        )

        d = dict(src_dict)
        rp = PasskeyRegistrationOptionsRp.from_dict(d.pop("rp"))

        user = PasskeyRegistrationOptionsUser.from_dict(d.pop("user"))

        challenge = d.pop("challenge")

        pub_key_cred_params = []
        _pub_key_cred_params = d.pop("pubKeyCredParams")
        for pub_key_cred_params_item_data in _pub_key_cred_params:
            pub_key_cred_params_item = (
                PasskeyRegistrationOptionsPubKeyCredParamsItem.from_dict(
                    pub_key_cred_params_item_data
                )
            )

            pub_key_cred_params.append(pub_key_cred_params_item)

        timeout = d.pop("timeout")

        exclude_credentials = []
        _exclude_credentials = d.pop("excludeCredentials")
        for exclude_credentials_item_data in _exclude_credentials:
            exclude_credentials_item = PasskeyCredentialDescriptor.from_dict(
                exclude_credentials_item_data
            )

            exclude_credentials.append(exclude_credentials_item)

        authenticator_selection = (
            PasskeyRegistrationOptionsAuthenticatorSelection.from_dict(
                d.pop("authenticatorSelection")
            )
        )

        attestation = cast(Literal["none"], d.pop("attestation"))
        if attestation != "none":
            raise ValueError(
                f"attestation must match const 'none', got '{attestation}'"
            )

        passkey_registration_options = cls(
            rp=rp,
            user=user,
            challenge=challenge,
            pub_key_cred_params=pub_key_cred_params,
            timeout=timeout,
            exclude_credentials=exclude_credentials,
            authenticator_selection=authenticator_selection,
            attestation=attestation,
        )

        return passkey_registration_options
