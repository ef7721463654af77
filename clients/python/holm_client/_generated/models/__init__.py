"""Contains all the data models used in inputs/outputs"""

from .authenticate_body import AuthenticateBody
from .create_email_sign_in_body import CreateEmailSignInBody
from .create_email_update_request_body import CreateEmailUpdateRequestBody
from .create_email_verification_request_body import CreateEmailVerificationRequestBody
from .create_password_reset_request_body import CreatePasswordResetRequestBody
from .create_session_body import CreateSessionBody
from .create_user_body import CreateUserBody
from .created_email_sign_in_request import CreatedEmailSignInRequest
from .created_password_reset_request import CreatedPasswordResetRequest
from .created_session import CreatedSession
from .disable_user_body import DisableUserBody
from .email_sign_in import EmailSignIn
from .email_sign_in_request import EmailSignInRequest
from .email_update_request import EmailUpdateRequest
from .email_verification_request import EmailVerificationRequest
from .enable_user_body import EnableUserBody
from .error import Error
from .event_page import EventPage
from .event_page_events_item import EventPageEventsItem
from .event_page_events_item_data import EventPageEventsItemData
from .external_sign_in import ExternalSignIn
from .external_sign_in_provider_tokens import ExternalSignInProviderTokens
from .external_sign_in_request import ExternalSignInRequest
from .health import Health
from .identity import Identity
from .identity_provider import IdentityProvider
from .import_users_body import ImportUsersBody
from .import_users_body_users_item import ImportUsersBodyUsersItem
from .import_users_body_users_item_identities_type_0_item import (
    ImportUsersBodyUsersItemIdentitiesType0Item,
)
from .import_users_body_users_item_imported_passkeys import (
    ImportUsersBodyUsersItemImportedPasskeys,
)
from .import_users_body_users_item_sessions_type_0_item import (
    ImportUsersBodyUsersItemSessionsType0Item,
)
from .link_external_sign_in_body import LinkExternalSignInBody
from .linked_external_sign_in import LinkedExternalSignIn
from .open_api_document import OpenApiDocument
from .passkey import Passkey
from .passkey_authentication import PasskeyAuthentication
from .passkey_authentication_options import PasskeyAuthenticationOptions
from .passkey_credential_descriptor import PasskeyCredentialDescriptor
from .passkey_registration import PasskeyRegistration
from .passkey_registration_options import PasskeyRegistrationOptions
from .passkey_registration_options_authenticator_selection import (
    PasskeyRegistrationOptionsAuthenticatorSelection,
)
from .passkey_registration_options_pub_key_cred_params_item import (
    PasskeyRegistrationOptionsPubKeyCredParamsItem,
)
from .passkey_registration_options_rp import PasskeyRegistrationOptionsRp
from .passkey_registration_options_user import PasskeyRegistrationOptionsUser
from .passkey_sign_in import PasskeySignIn
from .password_reset_request import PasswordResetRequest
from .recovery_code import RecoveryCode
from .regenerate_recovery_code_body import RegenerateRecoveryCodeBody
from .register_totp_body import RegisterTotpBody
from .reset_password_body import ResetPasswordBody
from .reset_two_factor_body import ResetTwoFactorBody
from .session import Session
from .start_external_sign_in_body import StartExternalSignInBody
from .start_passkey_authentication_body import StartPasskeyAuthenticationBody
from .start_passkey_registration_body import StartPasskeyRegistrationBody
from .totp_credential import TotpCredential
from .unblock_user_body import UnblockUserBody
from .update_password_body import UpdatePasswordBody
from .user import User
from .user_import_result import UserImportResult
from .user_import_result_results_item_type_0 import UserImportResultResultsItemType0
from .user_import_result_results_item_type_1 import UserImportResultResultsItemType1
from .user_import_result_results_item_type_2 import UserImportResultResultsItemType2
from .validate_session_body import ValidateSessionBody
from .validated_session import ValidatedSession
from .verified_email import VerifiedEmail
from .verify_email_body import VerifyEmailBody
from .verify_email_sign_in_body import VerifyEmailSignInBody
from .verify_external_sign_in_body import VerifyExternalSignInBody
from .verify_new_email_body import VerifyNewEmailBody
from .verify_passkey_authentication_body import VerifyPasskeyAuthenticationBody
from .verify_passkey_authentication_body_credential import (
    VerifyPasskeyAuthenticationBodyCredential,
)
from .verify_passkey_authentication_body_credential_response import (
    VerifyPasskeyAuthenticationBodyCredentialResponse,
)
from .verify_passkey_registration_body import VerifyPasskeyRegistrationBody
from .verify_passkey_registration_body_credential import (
    VerifyPasskeyRegistrationBodyCredential,
)
from .verify_passkey_registration_body_credential_response import (
    VerifyPasskeyRegistrationBodyCredentialResponse,
)
from .verify_password_body import VerifyPasswordBody
from .verify_password_reset_email_body import VerifyPasswordResetEmailBody
from .verify_totp_body import VerifyTotpBody

__all__ = (
    "AuthenticateBody",
    "CreateEmailSignInBody",
    "CreateEmailUpdateRequestBody",
    "CreateEmailVerificationRequestBody",
    "CreatePasswordResetRequestBody",
    "CreateSessionBody",
    "CreateUserBody",
    "CreatedEmailSignInRequest",
    "CreatedPasswordResetRequest",
    "CreatedSession",
    "DisableUserBody",
    "EmailSignIn",
    "EmailSignInRequest",
    "EmailUpdateRequest",
    "EmailVerificationRequest",
    "EnableUserBody",
    "Error",
    "EventPage",
    "EventPageEventsItem",
    "EventPageEventsItemData",
    "ExternalSignIn",
    "ExternalSignInProviderTokens",
    "ExternalSignInRequest",
    "Health",
    "Identity",
    "IdentityProvider",
    "ImportUsersBody",
    "ImportUsersBodyUsersItem",
    "ImportUsersBodyUsersItemIdentitiesType0Item",
    "ImportUsersBodyUsersItemImportedPasskeys",
    "ImportUsersBodyUsersItemSessionsType0Item",
    "LinkExternalSignInBody",
    "LinkedExternalSignIn",
    "OpenApiDocument",
    "Passkey",
    "PasskeyAuthentication",
    "PasskeyAuthenticationOptions",
    "PasskeyCredentialDescriptor",
    "PasskeyRegistration",
    "PasskeyRegistrationOptions",
    "PasskeyRegistrationOptionsAuthenticatorSelection",
    "PasskeyRegistrationOptionsPubKeyCredParamsItem",
    "PasskeyRegistrationOptionsRp",
    "PasskeyRegistrationOptionsUser",
    "PasskeySignIn",
    "PasswordResetRequest",
    "RecoveryCode",
    "RegenerateRecoveryCodeBody",
    "RegisterTotpBody",
    "ResetPasswordBody",
    "ResetTwoFactorBody",
    "Session",
    "StartExternalSignInBody",
    "StartPasskeyAuthenticationBody",
    "StartPasskeyRegistrationBody",
    "TotpCredential",
    "UnblockUserBody",
    "UpdatePasswordBody",
    "User",
    "UserImportResult",
    "UserImportResultResultsItemType0",
    "UserImportResultResultsItemType1",
    "UserImportResultResultsItemType2",
    "ValidateSessionBody",
    "ValidatedSession",
    "VerifiedEmail",
    "VerifyEmailBody",
    "VerifyEmailSignInBody",
    "VerifyExternalSignInBody",
    "VerifyNewEmailBody",
    "VerifyPasskeyAuthenticationBody",
    "VerifyPasskeyAuthenticationBodyCredential",
    "VerifyPasskeyAuthenticationBodyCredentialResponse",
    "VerifyPasskeyRegistrationBody",
    "VerifyPasskeyRegistrationBodyCredential",
    "VerifyPasskeyRegistrationBodyCredentialResponse",
    "VerifyPasswordBody",
    "VerifyPasswordResetEmailBody",
    "VerifyTotpBody",
)
