import { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./openapi.js";
export type { components, operations, paths };
export { isHolmId } from "./path.js";
type Schemas = components["schemas"];
export type User = Schemas["User"];
export type PasswordResetRequest = Schemas["PasswordResetRequest"];
export type CreatedPasswordResetRequest = Schemas["CreatedPasswordResetRequest"];
export type EmailSignInRequest = Schemas["EmailSignInRequest"];
export type CreatedEmailSignInRequest = Schemas["CreatedEmailSignInRequest"];
export type EmailSignIn = Schemas["EmailSignIn"];
export type EmailVerificationRequest = Schemas["EmailVerificationRequest"];
export type EmailUpdateRequest = Schemas["EmailUpdateRequest"];
export type VerifiedEmail = Schemas["VerifiedEmail"];
export type TotpCredential = Schemas["TotpCredential"];
export type RecoveryCode = Schemas["RecoveryCode"];
export type Passkey = Schemas["Passkey"];
export type PasskeyRegistration = Schemas["PasskeyRegistration"];
export type PasskeyAuthentication = Schemas["PasskeyAuthentication"];
export type PasskeyCredentialDescriptor = Schemas["PasskeyCredentialDescriptor"];
export type PasskeySignIn = Schemas["PasskeySignIn"];
export type EventPage = Schemas["EventPage"];
export type Session = Schemas["Session"];
export type CreatedSession = Schemas["CreatedSession"];
export type ValidatedSession = Schemas["ValidatedSession"];
export type IdentityProvider = Schemas["IdentityProvider"];
export type ExternalSignInRequest = Schemas["ExternalSignInRequest"];
export type ExternalSignIn = Schemas["ExternalSignIn"];
export type LinkedExternalSignIn = Schemas["LinkedExternalSignIn"];
export type Identity = Schemas["Identity"];
export type Event = EventPage["events"][number];
export type Health = Schemas["Health"];
/** Every code an error answer can carry. */
export type ErrorCode = Schemas["Error"]["error"];
/** The JSON body an operation takes. */
export type RequestBody<Id extends keyof operations> = NonNullable<operations[Id]["requestBody"]>["content"]["application/json"];
/** The query an operation takes. */
export type Query<Id extends keyof operations> = NonNullable<operations[Id]["parameters"]["query"]>;
export type UserListQuery = NonNullable<operations["listUsers"]["parameters"]["query"]>;
export type EventListQuery = NonNullable<operations["listEvents"]["parameters"]["query"]>;
export type UserEventListQuery = NonNullable<operations["listUserEvents"]["parameters"]["query"]>;
/** Every answer that is not a success. Most codes share status 400: branch on `code`. */
export declare class HolmError extends Error {
    readonly code: ErrorCode;
    readonly status: number;
    /** Whole seconds until the call could succeed (TOO_MANY_REQUESTS, UNAVAILABLE), else null. */
    readonly retryAfter: number | null;
    readonly name = "HolmError";
    constructor(code: ErrorCode, status: number, 
    /** Whole seconds until the call could succeed (TOO_MANY_REQUESTS, UNAVAILABLE), else null. */
    retryAfter: number | null);
}
export interface HolmClientOptions {
    /** Where Holm listens: http://127.0.0.1:4000. */
    url: string;
    /** The API secret. It is a credential for your backend: never send it to a browser. */
    secret: string;
    /** Defaults to the global fetch. */
    fetch?: (request: Request) => Promise<Response>;
}
export type HolmClient = ReturnType<typeof createHolmClient>;
export declare function createHolmClient(options: HolmClientOptions): {
    api: Client<paths, `${string}/${string}`>;
    /** Prometheus metrics: GET /metrics. */
    getMetrics: () => Promise<string>;
    /** This OpenAPI 3.1 description: GET /openapi.json. */
    getOpenApi: () => Promise<{
        [x: string]: unknown;
        openapi: string;
    }>;
    /** Create a user: POST /users. */
    createUser: (request: RequestBody<"createUser">) => Promise<{
        id: string;
        created_at: number;
        email: string | null;
        email_verified: boolean;
        registered_totp: boolean;
        totp_registered: boolean;
        recovery_code: string;
        password_leaked: boolean;
        password_set: boolean;
        disabled: boolean;
        disabled_until: number | null;
    }>;
    /** Get a user: GET /users/{user_id}. */
    getUser: (userId: string) => Promise<{
        id: string;
        created_at: number;
        email: string | null;
        email_verified: boolean;
        registered_totp: boolean;
        totp_registered: boolean;
        recovery_code: string;
        password_leaked: boolean;
        password_set: boolean;
        disabled: boolean;
        disabled_until: number | null;
    }>;
    /** Delete a user: DELETE /users/{user_id}. */
    deleteUser: (userId: string) => Promise<void>;
    /** Disable a user: POST /users/{user_id}/disable. */
    disableUser: (userId: string, request?: RequestBody<"disableUser">) => Promise<{
        id: string;
        created_at: number;
        email: string | null;
        email_verified: boolean;
        registered_totp: boolean;
        totp_registered: boolean;
        recovery_code: string;
        password_leaked: boolean;
        password_set: boolean;
        disabled: boolean;
        disabled_until: number | null;
    }>;
    /** Enable a user: POST /users/{user_id}/enable. */
    enableUser: (userId: string) => Promise<{
        id: string;
        created_at: number;
        email: string | null;
        email_verified: boolean;
        registered_totp: boolean;
        totp_registered: boolean;
        recovery_code: string;
        password_leaked: boolean;
        password_set: boolean;
        disabled: boolean;
        disabled_until: number | null;
    }>;
    /** Verify a password: POST /users/{user_id}/verify-password. */
    verifyPassword: (userId: string, request: RequestBody<"verifyPassword">) => Promise<void>;
    /** Update a password: POST /users/{user_id}/update-password. */
    updatePassword: (userId: string, request: RequestBody<"updatePassword">) => Promise<void>;
    /** Sign in with email and password: POST /authenticate/password. */
    authenticateWithPassword: (request: RequestBody<"authenticateWithPassword">) => Promise<{
        id: string;
        created_at: number;
        email: string | null;
        email_verified: boolean;
        registered_totp: boolean;
        totp_registered: boolean;
        recovery_code: string;
        password_leaked: boolean;
        password_set: boolean;
        disabled: boolean;
        disabled_until: number | null;
    }>;
    /** Create a password reset request: POST /users/{user_id}/password-reset-requests. */
    createPasswordResetRequest: (userId: string, request?: RequestBody<"createPasswordResetRequest">) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email_verified: boolean;
        code: string;
    }>;
    /** List a user's password reset requests: GET /users/{user_id}/password-reset-requests. */
    listUserPasswordResetRequests: (userId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email_verified: boolean;
    }[]>;
    /** Delete a user's password reset requests: DELETE /users/{user_id}/password-reset-requests. */
    deleteUserPasswordResetRequests: (userId: string) => Promise<void>;
    /** Get a password reset request: GET /password-reset-requests/{request_id}. */
    getPasswordResetRequest: (requestId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email_verified: boolean;
    }>;
    /** Delete a password reset request: DELETE /password-reset-requests/{request_id}. */
    deletePasswordResetRequest: (requestId: string) => Promise<void>;
    /** Verify a password reset request's code: POST /password-reset-requests/{request_id}/verify-email. */
    verifyPasswordResetRequestEmail: (requestId: string, request: RequestBody<"verifyPasswordResetRequestEmail">) => Promise<void>;
    /** Reset a password: POST /reset-password. */
    resetPassword: (request: RequestBody<"resetPassword">) => Promise<void>;
    /** Create an email verification request: POST /users/{user_id}/email-verification-request. */
    createEmailVerificationRequest: (userId: string, request?: RequestBody<"createEmailVerificationRequest">) => Promise<{
        user_id: string;
        created_at: number;
        expires_at: number;
        code: string;
    }>;
    /** Get the email verification request: GET /users/{user_id}/email-verification-request. */
    getEmailVerificationRequest: (userId: string) => Promise<{
        user_id: string;
        created_at: number;
        expires_at: number;
        code: string;
    }>;
    /** Delete the email verification request: DELETE /users/{user_id}/email-verification-request. */
    deleteEmailVerificationRequest: (userId: string) => Promise<void>;
    /** Verify the email: POST /users/{user_id}/verify-email. */
    verifyEmail: (userId: string, request: RequestBody<"verifyEmail">) => Promise<void>;
    /** Create an email update request: POST /users/{user_id}/email-update-requests. */
    createEmailUpdateRequest: (userId: string, request: RequestBody<"createEmailUpdateRequest">) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email: string;
        code: string;
    }>;
    /** List a user's email update requests: GET /users/{user_id}/email-update-requests. */
    listUserEmailUpdateRequests: (userId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email: string;
        code: string;
    }[]>;
    /** Delete a user's email update requests: DELETE /users/{user_id}/email-update-requests. */
    deleteUserEmailUpdateRequests: (userId: string) => Promise<void>;
    /** Get an email update request: GET /email-update-requests/{request_id}. */
    getEmailUpdateRequest: (requestId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email: string;
        code: string;
    }>;
    /** Delete an email update request: DELETE /email-update-requests/{request_id}. */
    deleteEmailUpdateRequest: (requestId: string) => Promise<void>;
    /** Verify the new email: POST /verify-new-email. */
    verifyNewEmail: (request: RequestBody<"verifyNewEmail">) => Promise<{
        email: string;
    }>;
    /** Create an email sign-in request: POST /email-sign-ins. */
    createEmailSignIn: (request: RequestBody<"createEmailSignIn">) => Promise<{
        id: string;
        user_id: string | null;
        email: string;
        created_at: number;
        expires_at: number;
        code: string;
    }>;
    /** Get an email sign-in request: GET /email-sign-ins/{request_id}. */
    getEmailSignIn: (requestId: string) => Promise<{
        id: string;
        user_id: string | null;
        email: string;
        created_at: number;
        expires_at: number;
    }>;
    /** Delete an email sign-in request: DELETE /email-sign-ins/{request_id}. */
    deleteEmailSignIn: (requestId: string) => Promise<void>;
    /** Sign in with an email code: POST /email-sign-ins/{request_id}/verify. */
    verifyEmailSignIn: (requestId: string, request: RequestBody<"verifyEmailSignIn">) => Promise<{
        user: {
            id: string;
            created_at: number;
            email: string | null;
            email_verified: boolean;
            registered_totp: boolean;
            totp_registered: boolean;
            recovery_code: string;
            password_leaked: boolean;
            password_set: boolean;
            disabled: boolean;
            disabled_until: number | null;
        } | null;
        created: boolean;
        claimed: boolean;
    }>;
    /** Register a TOTP credential: POST /users/{user_id}/register-totp. */
    registerTotp: (userId: string, request: RequestBody<"registerTotp">) => Promise<{
        user_id: string;
        created_at: number;
        key: string;
    }>;
    /** Get the TOTP credential: GET /users/{user_id}/totp-credential. */
    getTotpCredential: (userId: string) => Promise<{
        user_id: string;
        created_at: number;
        key: string;
    }>;
    /** Verify a TOTP code: POST /users/{user_id}/verify-2fa/totp. */
    verifyTotp: (userId: string, request: RequestBody<"verifyTotp">) => Promise<void>;
    /** Regenerate the recovery code: POST /users/{user_id}/regenerate-recovery-code. */
    regenerateRecoveryCode: (userId: string) => Promise<{
        recovery_code: string;
    }>;
    /** Reset two-factor authentication with the recovery code: POST /users/{user_id}/reset-2fa. */
    resetTwoFactor: (userId: string, request: RequestBody<"resetTwoFactor">) => Promise<{
        recovery_code: string;
    }>;
    /** Start a passkey registration: POST /users/{user_id}/passkey-registrations. */
    startPasskeyRegistration: (userId: string, request?: RequestBody<"startPasskeyRegistration">) => Promise<{
        id: string;
        created_at: number;
        expires_at: number;
        user_id: string;
        options: {
            rp: {
                id: string;
                name: string;
            };
            user: {
                id: string;
                name: string;
                displayName: string;
            };
            challenge: string;
            pubKeyCredParams: {
                type: "public-key";
                alg: number;
            }[];
            timeout: number;
            excludeCredentials: {
                type: "public-key";
                id: string;
                transports?: string[] | undefined;
            }[];
            authenticatorSelection: {
                residentKey: "required";
                requireResidentKey: true;
                userVerification: "required" | "preferred";
            };
            attestation: "none";
        };
    }>;
    /** Verify a passkey registration: POST /passkey-registrations/{ceremony_id}/verify. */
    verifyPasskeyRegistration: (ceremonyId: string, request: RequestBody<"verifyPasskeyRegistration">) => Promise<{
        id: string;
        user_id: string;
        name: string;
        created_at: number;
        last_used_at: number | null;
        backup_eligible: boolean;
        backed_up: boolean;
        transports: string[];
        aaguid: string;
    }>;
    /** Start a passkey sign-in: POST /passkey-authentications. */
    startPasskeyAuthentication: (request?: RequestBody<"startPasskeyAuthentication">) => Promise<{
        id: string;
        created_at: number;
        expires_at: number;
        options: {
            challenge: string;
            timeout: number;
            rpId: string;
            allowCredentials: {
                type: "public-key";
                id: string;
                transports?: string[] | undefined;
            }[];
            userVerification: "required" | "preferred";
        };
    }>;
    /** Verify a passkey sign-in: POST /passkey-authentications/{ceremony_id}/verify. */
    verifyPasskeyAuthentication: (ceremonyId: string, request: RequestBody<"verifyPasskeyAuthentication">) => Promise<{
        user: {
            id: string;
            created_at: number;
            email: string | null;
            email_verified: boolean;
            registered_totp: boolean;
            totp_registered: boolean;
            recovery_code: string;
            password_leaked: boolean;
            password_set: boolean;
            disabled: boolean;
            disabled_until: number | null;
        };
        passkey: {
            id: string;
            user_id: string;
            name: string;
            created_at: number;
            last_used_at: number | null;
            backup_eligible: boolean;
            backed_up: boolean;
            transports: string[];
            aaguid: string;
        };
    }>;
    /** List a user's passkeys: GET /users/{user_id}/passkeys. */
    listUserPasskeys: (userId: string) => Promise<{
        id: string;
        user_id: string;
        name: string;
        created_at: number;
        last_used_at: number | null;
        backup_eligible: boolean;
        backed_up: boolean;
        transports: string[];
        aaguid: string;
    }[]>;
    /** Get a passkey: GET /passkeys/{passkey_id}. */
    getPasskey: (passkeyId: string) => Promise<{
        id: string;
        user_id: string;
        name: string;
        created_at: number;
        last_used_at: number | null;
        backup_eligible: boolean;
        backed_up: boolean;
        transports: string[];
        aaguid: string;
    }>;
    /** List the identity providers: GET /identity-providers. */
    listIdentityProviders: () => Promise<{
        name: string;
        kind: "oidc" | "github" | "microsoft";
    }[]>;
    /** Start a sign-in with an identity provider: POST /external-sign-ins. */
    startExternalSignIn: (request: RequestBody<"startExternalSignIn">) => Promise<{
        id: string;
        provider: string;
        authorization_url: string;
        expires_at: number;
    }>;
    /** Verify a sign-in with an identity provider: POST /external-sign-ins/{request_id}/verify. */
    verifyExternalSignIn: (requestId: string, request: RequestBody<"verifyExternalSignIn">) => Promise<{
        outcome: "signed_in" | "created" | "linked" | "link_required" | "unknown";
        user: {
            id: string;
            created_at: number;
            email: string | null;
            email_verified: boolean;
            registered_totp: boolean;
            totp_registered: boolean;
            recovery_code: string;
            password_leaked: boolean;
            password_set: boolean;
            disabled: boolean;
            disabled_until: number | null;
        } | null;
        identity: {
            id: string;
            user_id: string;
            provider: string;
            subject: string;
            email: string | null;
            email_verified: boolean;
            created_at: number;
            last_sign_in_at: number | null;
        } | null;
        email: string | null;
        email_verified: boolean;
        provider_tokens: {
            access_token: string;
            expires_at: number | null;
        };
    }>;
    /** Link the identity of a sign-in that answered link_required: POST /external-sign-ins/{request_id}/link. */
    linkExternalSignIn: (requestId: string, request: RequestBody<"linkExternalSignIn">) => Promise<{
        outcome: "linked";
        user: {
            id: string;
            created_at: number;
            email: string | null;
            email_verified: boolean;
            registered_totp: boolean;
            totp_registered: boolean;
            recovery_code: string;
            password_leaked: boolean;
            password_set: boolean;
            disabled: boolean;
            disabled_until: number | null;
        };
        identity: {
            id: string;
            user_id: string;
            provider: string;
            subject: string;
            email: string | null;
            email_verified: boolean;
            created_at: number;
            last_sign_in_at: number | null;
        };
    }>;
    /** List a user's identities: GET /users/{user_id}/identities. */
    listUserIdentities: (userId: string) => Promise<{
        id: string;
        user_id: string;
        provider: string;
        subject: string;
        email: string | null;
        email_verified: boolean;
        created_at: number;
        last_sign_in_at: number | null;
    }[]>;
    /** Create a session: POST /users/{user_id}/sessions. */
    createSession: (userId: string, request?: RequestBody<"createSession">) => Promise<{
        session: {
            id: string;
            user_id: string;
            created_at: number;
            last_used_at: number;
            expires_at: number;
            client_ip: string | null;
            user_agent: string | null;
            second_factor_verified_at: number | null;
            new_device: boolean;
        };
        token: string;
    }>;
    /** List a user's sessions: GET /users/{user_id}/sessions. */
    listUserSessions: (userId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        last_used_at: number;
        expires_at: number;
        client_ip: string | null;
        user_agent: string | null;
        second_factor_verified_at: number | null;
        new_device: boolean;
    }[]>;
    /** Get a session: GET /sessions/{session_id}. */
    getSession: (sessionId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        last_used_at: number;
        expires_at: number;
        client_ip: string | null;
        user_agent: string | null;
        second_factor_verified_at: number | null;
        new_device: boolean;
    }>;
    /** End a session (sign out): DELETE /sessions/{session_id}. */
    deleteSession: (sessionId: string) => Promise<void>;
    /** Read the event feed: GET /events. */
    listEvents: (query?: Query<"listEvents">) => Promise<{
        events: {
            id: string;
            time: number;
            type: "address_blocked" | "user_blocked" | "request_deleted_after_incorrect_codes" | "second_factor_locked" | "password_reset" | "password_changed" | "second_factor_reset" | "user_deleted" | "user_created" | "users_imported" | "sign_in" | "sign_in_failed" | "email_verified" | "email_changed" | "totp_registered" | "totp_deleted" | "recovery_code_regenerated" | "passkey_registered" | "passkey_deleted" | "passkey_counter_regressed" | "user_unblocked" | "user_disabled" | "user_enabled" | "requests_deleted" | "session_created" | "sessions_ended" | "account_claimed" | "identity_linked" | "identity_unlinked";
            user_id: string | null;
            client_ip: string | null;
            data: {
                [x: string]: unknown;
            };
        }[];
        next: string;
    }>;
    /** Read one user's events: GET /users/{user_id}/events. */
    listUserEvents: (userId: string, query?: Query<"listUserEvents">) => Promise<{
        events: {
            id: string;
            time: number;
            type: "address_blocked" | "user_blocked" | "request_deleted_after_incorrect_codes" | "second_factor_locked" | "password_reset" | "password_changed" | "second_factor_reset" | "user_deleted" | "user_created" | "users_imported" | "sign_in" | "sign_in_failed" | "email_verified" | "email_changed" | "totp_registered" | "totp_deleted" | "recovery_code_regenerated" | "passkey_registered" | "passkey_deleted" | "passkey_counter_regressed" | "user_unblocked" | "user_disabled" | "user_enabled" | "requests_deleted" | "session_created" | "sessions_ended" | "account_claimed" | "identity_linked" | "identity_unlinked";
            user_id: string | null;
            client_ip: string | null;
            data: {
                [x: string]: unknown;
            };
        }[];
        next: string;
    }>;
    /** Unblock a user: POST /users/{user_id}/unblock. */
    unblockUser: (userId: string) => Promise<void>;
    /** Import users: POST /user-imports. */
    importUsers: (request: RequestBody<"importUsers">) => Promise<{
        created: number;
        skipped: number;
        failed: number;
        results: ({
            index: number;
            status: "created";
            user_id: string;
        } | {
            index: number;
            status: "skipped";
            user_id: string;
        } | {
            index: number;
            status: "failed";
            error: "INVALID_DATA" | "EMAIL_ALREADY_USED" | "ID_ALREADY_USED" | "UNSUPPORTED_PASSWORD_HASH" | "INVALID_PASSWORD_HASH" | "PASSKEY_ALREADY_REGISTERED" | "IDENTITY_IN_USE";
        })[];
    }>;
    /** `{status: "ok"}`, or `{status: "unavailable"}` (503) while the database does not answer. */
    getHealth(): Promise<Health>;
    /** One page of users, and the X-Pagination-* headers as numbers. `{email}` finds one user by address. */
    listUsers(query?: UserListQuery): Promise<{
        users: User[];
        total: number;
        totalPages: number;
    }>;
    /** The live session and its user; a HolmError with code NOT_FOUND means signed out (clear the cookie). */
    validateSession: (token: string) => Promise<{
        session: {
            id: string;
            user_id: string;
            created_at: number;
            last_used_at: number;
            expires_at: number;
            client_ip: string | null;
            user_agent: string | null;
            second_factor_verified_at: number | null;
            new_device: boolean;
        };
        user: {
            id: string;
            created_at: number;
            email: string | null;
            email_verified: boolean;
            registered_totp: boolean;
            totp_registered: boolean;
            recovery_code: string;
            password_leaked: boolean;
            password_set: boolean;
            disabled: boolean;
            disabled_until: number | null;
        };
    }>;
    /** Ends every session of the user but `keepSessionId` (the one the user is removing TOTP from). */
    deleteTotpCredential: (userId: string, keepSessionId?: string) => Promise<void>;
    /** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
    deletePasskey: (passkeyId: string, keepSessionId?: string) => Promise<void>;
    /** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
    deleteIdentity: (identityId: string, keepSessionId?: string) => Promise<void>;
    /** Signs the user out everywhere, or everywhere but `exceptSessionId`. */
    deleteUserSessions: (userId: string, exceptSessionId?: string) => Promise<void>;
};
