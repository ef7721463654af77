from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    TypeVar,
)

from attrs import define as _attrs_define
from typing_extensions import Self

if TYPE_CHECKING:
    from ..models.passkey_credential_descriptor import PasskeyCredentialDescriptor


T = TypeVar("T", bound="PasskeyAuthenticationOptions")


@_attrs_define
class PasskeyAuthenticationOptions:
    """PublicKeyCredentialRequestOptionsJSON: give it to PublicKeyCredential.parseRequestOptionsFromJSON().

    Attributes:
        challenge (str): base64url without padding
        timeout (int):
        rp_id (str):
        allow_credentials (list['PasskeyCredentialDescriptor']):
        user_verification (str):
    """

    challenge: str
    timeout: int
    rp_id: str
    allow_credentials: list["PasskeyCredentialDescriptor"]
    user_verification: str

    def to_dict(self) -> dict[str, Any]:
        challenge = self.challenge

        timeout = self.timeout

        rp_id = self.rp_id

        allow_credentials = []
        for allow_credentials_item_data in self.allow_credentials:
            allow_credentials_item = allow_credentials_item_data.to_dict()
            allow_credentials.append(allow_credentials_item)

        user_verification = self.user_verification

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "challenge": challenge,
                "timeout": timeout,
                "rpId": rp_id,
                "allowCredentials": allow_credentials,
                "userVerification": user_verification,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.passkey_credential_descriptor import PasskeyCredentialDescriptor

        d = dict(src_dict)
        challenge = d.pop("challenge")

        timeout = d.pop("timeout")

        rp_id = d.pop("rpId")

        allow_credentials = []
        _allow_credentials = d.pop("allowCredentials")
        for allow_credentials_item_data in _allow_credentials:
            allow_credentials_item = PasskeyCredentialDescriptor.from_dict(
                allow_credentials_item_data
            )

            allow_credentials.append(allow_credentials_item)

        user_verification = d.pop("userVerification")

        passkey_authentication_options = cls(
            challenge=challenge,
            timeout=timeout,
            rp_id=rp_id,
            allow_credentials=allow_credentials,
            user_verification=user_verification,
        )

        return passkey_authentication_options
