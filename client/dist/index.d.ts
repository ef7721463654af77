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
    /** `{status: "ok"}`, or `{status: "unavailable"}` (503) while the database does not answer. */
    getHealth(): Promise<Health>;
    getOpenApi: () => Promise<{
        [x: string]: unknown;
        openapi: string;
    }>;
    getMetrics: () => Promise<string>;
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
    /** One page of users, and the X-Pagination-* headers as numbers. `{email}` finds one user by address. */
    listUsers(query?: UserListQuery): Promise<{
        users: User[];
        total: number;
        totalPages: number;
    }>;
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
    deleteUser: (userId: string) => Promise<void>;
    /** Ends every session of the user; every way in answers USER_DISABLED (403) once its credential proved correct. Without `until`, until enabled. */
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
    /** Ends a disable (nothing to do, and no event, when the user is not disabled). */
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
    verifyPassword: (userId: string, request: RequestBody<"verifyPassword">) => Promise<void>;
    updatePassword: (userId: string, request: RequestBody<"updatePassword">) => Promise<void>;
    /** The user; when `totp_registered` is true, ask for a TOTP code before creating a session. */
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
    /** The request with its code, which Holm shows only here. */
    createPasswordResetRequest: (userId: string, request?: RequestBody<"createPasswordResetRequest">) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email_verified: boolean;
        code: string;
    }>;
    listUserPasswordResetRequests: (userId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email_verified: boolean;
    }[]>;
    deleteUserPasswordResetRequests: (userId: string) => Promise<void>;
    getPasswordResetRequest: (requestId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email_verified: boolean;
    }>;
    deletePasswordResetRequest: (requestId: string) => Promise<void>;
    verifyPasswordResetRequestEmail: (requestId: string, request: RequestBody<"verifyPasswordResetRequestEmail">) => Promise<void>;
    resetPassword: (request: RequestBody<"resetPassword">) => Promise<void>;
    /** Made for an email nobody holds too (user_id null): answer the visitor alike. The code appears only here. */
    createEmailSignIn: (request: RequestBody<"createEmailSignIn">) => Promise<{
        id: string;
        user_id: string | null;
        email: string;
        created_at: number;
        expires_at: number;
        code: string;
    }>;
    getEmailSignIn: (requestId: string) => Promise<{
        id: string;
        user_id: string | null;
        email: string;
        created_at: number;
        expires_at: number;
    }>;
    deleteEmailSignIn: (requestId: string) => Promise<void>;
    /** `{user, created}`; when `user.totp_registered` is true, ask for a TOTP code before creating a session. */
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
    createEmailVerificationRequest: (userId: string, request?: RequestBody<"createEmailVerificationRequest">) => Promise<{
        user_id: string;
        created_at: number;
        expires_at: number;
        code: string;
    }>;
    getEmailVerificationRequest: (userId: string) => Promise<{
        user_id: string;
        created_at: number;
        expires_at: number;
        code: string;
    }>;
    deleteEmailVerificationRequest: (userId: string) => Promise<void>;
    verifyEmail: (userId: string, request: RequestBody<"verifyEmail">) => Promise<void>;
    createEmailUpdateRequest: (userId: string, request: RequestBody<"createEmailUpdateRequest">) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email: string;
        code: string;
    }>;
    listUserEmailUpdateRequests: (userId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email: string;
        code: string;
    }[]>;
    deleteUserEmailUpdateRequests: (userId: string) => Promise<void>;
    getEmailUpdateRequest: (requestId: string) => Promise<{
        id: string;
        user_id: string;
        created_at: number;
        expires_at: number;
        email: string;
        code: string;
    }>;
    deleteEmailUpdateRequest: (requestId: string) => Promise<void>;
    verifyNewEmail: (request: RequestBody<"verifyNewEmail">) => Promise<{
        email: string;
    }>;
    registerTotp: (userId: string, request: RequestBody<"registerTotp">) => Promise<{
        user_id: string;
        created_at: number;
        key: string;
    }>;
    getTotpCredential: (userId: string) => Promise<{
        user_id: string;
        created_at: number;
        key: string;
    }>;
    /** Ends every session of the user but `keepSessionId` (the one the user is removing TOTP from). */
    deleteTotpCredential: (userId: string, keepSessionId?: string) => Promise<void>;
    verifyTotp: (userId: string, request: RequestBody<"verifyTotp">) => Promise<void>;
    regenerateRecoveryCode: (userId: string) => Promise<{
        recovery_code: string;
    }>;
    /** Spends the recovery code, deletes the TOTP credential and answers a new recovery code. */
    resetTwoFactor: (userId: string, request: RequestBody<"resetTwoFactor">) => Promise<{
        recovery_code: string;
    }>;
    /** The ceremony; hand its `options` to the browser's `PublicKeyCredential.parseCreationOptionsFromJSON()`. */
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
    /** `credential` is the browser's `PublicKeyCredential.toJSON()`; the new passkey. */
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
    /** The ceremony; hand its `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()`. Without `user_id`, a discoverable sign-in. */
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
    /** The user signed in and the passkey used. */
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
    /** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
    deletePasskey: (passkeyId: string, keepSessionId?: string) => Promise<void>;
    /** The configured identity providers: names and kinds. */
    listIdentityProviders: () => Promise<{
        name: string;
        kind: "oidc" | "github" | "microsoft";
    }[]>;
    /** Keep the answer's `id` in an HttpOnly cookie and redirect the browser to `authorization_url`. With
     *  `user_id`, the identity is added to that signed-in user instead of signing in. */
    startExternalSignIn: (request: RequestBody<"startExternalSignIn">) => Promise<{
        id: string;
        provider: string;
        authorization_url: string;
        expires_at: number;
    }>;
    /** Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds
     *  `requestId`. Branch on `outcome`; on link_required, prove `user` and call linkExternalSignIn. */
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
    /** After link_required, once you have proved the email's holder: adds the identity to them. */
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
    /** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
    deleteIdentity: (identityId: string, keepSessionId?: string) => Promise<void>;
    /** Signs the user in: the session and its token, which Holm answers only here (keep it in an HttpOnly cookie). */
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
    /** The user's live sessions, most recently used first ("your devices"). */
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
    /** Signs one session out. */
    deleteSession: (sessionId: string) => Promise<void>;
    /** Signs the user out everywhere, or everywhere but `exceptSessionId`. */
    deleteUserSessions: (userId: string, exceptSessionId?: string) => Promise<void>;
    /** A page of the event feed, oldest first; pass its `next` as `after` to read on (each event once). */
    listEvents: (query?: EventListQuery) => Promise<{
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
    /** One user's events ("recent activity"), paged as listEvents. */
    listUserEvents: (userId: string, query?: UserEventListQuery) => Promise<{
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
    /** Ends the user's password block and second-factor locks (blocks of addresses stay). */
    unblockUser: (userId: string) => Promise<void>;
    /** Up to 1,000 users with their password hashes and second factors; one result per row. */
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
};
