// @holm/client: every operation of Holm's API as one typed method. The types are openapi-typescript's,
// generated from GET /openapi.json (./openapi.ts); every request goes through openapi-fetch. Written
// here by hand is only what the document cannot say: which method calls which operation (named by
// its operationId), one error class that carries the code, the status and Retry-After, and the check
// of every path parameter (./path.ts).
import createClient, {} from "openapi-fetch";
import { serializePath } from "./path.js";
export { isHolmId } from "./path.js";
/** Every answer that is not a success. Most codes share status 400: branch on `code`. */
export class HolmError extends Error {
    code;
    status;
    retryAfter;
    name = "HolmError";
    constructor(code, status, 
    /** Whole seconds until the call could succeed (TOO_MANY_REQUESTS, UNAVAILABLE), else null. */
    retryAfter) {
        super(retryAfter === null ? `${code} (HTTP ${status})` : `${code} (HTTP ${status}, retry after ${retryAfter} s)`);
        this.code = code;
        this.status = status;
        this.retryAfter = retryAfter;
    }
}
/** A body that is not `{"error": CODE}` (a proxy's 502 page, say) counts as UNKNOWN_ERROR. */
function holmError(response, body) {
    const error = typeof body === "object" && body !== null && "error" in body ? body.error : undefined;
    const header = response.headers.get("Retry-After");
    const retryAfter = header !== null && /^[0-9]+$/.test(header) ? Number(header) : null;
    return new HolmError(typeof error === "string" ? error : "UNKNOWN_ERROR", response.status, retryAfter);
}
/** The body of a 200, or the HolmError of anything else. */
async function body(pending) {
    const { data, error, response } = await pending;
    if (!response.ok)
        throw holmError(response, error);
    return data;
}
/** Nothing for a 204, or the HolmError of anything else. */
async function noContent(pending) {
    const { error, response } = await pending;
    if (!response.ok)
        throw holmError(response, error);
}
function userPath(user_id) {
    return { params: { path: { user_id } } };
}
function requestPath(request_id) {
    return { params: { path: { request_id } } };
}
function ceremonyPath(ceremony_id) {
    return { params: { path: { ceremony_id } } };
}
function passkeyPath(passkey_id) {
    return { params: { path: { passkey_id } } };
}
function sessionPath(session_id) {
    return { params: { path: { session_id } } };
}
export function createHolmClient(options) {
    /** The typed openapi-fetch client underneath, for anything the methods below do not cover. A path
     *  parameter that is not a Holm id rejects with a TypeError before any request, here as in the methods. */
    const api = createClient({
        baseUrl: options.url,
        headers: { Authorization: `Bearer ${options.secret}` },
        pathSerializer: serializePath,
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    return {
        api,
        /** `{status: "ok"}`, or `{status: "unavailable"}` (503) while the database does not answer. */
        async getHealth() {
            const { data, error, response } = await api.GET("/health");
            if (data !== undefined)
                return data;
            if (response.status === 503)
                return error;
            throw holmError(response, error);
        },
        getOpenApi: () => body(api.GET("/openapi.json")),
        getMetrics: () => body(api.GET("/metrics", { parseAs: "text" })),
        createUser: (request) => body(api.POST("/users", { body: request })),
        /** One page of users, and the X-Pagination-* headers as numbers. `{email}` finds one user by address. */
        async listUsers(query = {}) {
            const { data, error, response } = await api.GET("/users", { params: { query } });
            if (data === undefined)
                throw holmError(response, error);
            return {
                users: data,
                total: Number(response.headers.get("X-Pagination-Total")),
                totalPages: Number(response.headers.get("X-Pagination-Total-Pages")),
            };
        },
        getUser: (userId) => body(api.GET("/users/{user_id}", userPath(userId))),
        deleteUser: (userId) => noContent(api.DELETE("/users/{user_id}", userPath(userId))),
        /** Ends every session of the user; every way in answers USER_DISABLED (403) once its credential proved correct. Without `until`, until enabled. */
        disableUser: (userId, request = {}) => body(api.POST("/users/{user_id}/disable", { ...userPath(userId), body: request })),
        /** Ends a disable (nothing to do, and no event, when the user is not disabled). */
        enableUser: (userId) => body(api.POST("/users/{user_id}/enable", userPath(userId))),
        verifyPassword: (userId, request) => noContent(api.POST("/users/{user_id}/verify-password", { ...userPath(userId), body: request })),
        updatePassword: (userId, request) => noContent(api.POST("/users/{user_id}/update-password", { ...userPath(userId), body: request })),
        /** The user; when `totp_registered` is true, ask for a TOTP code before creating a session. */
        authenticateWithPassword: (request) => body(api.POST("/authenticate/password", { body: request })),
        /** The request with its code, which Holm shows only here. */
        createPasswordResetRequest: (userId, request = {}) => body(api.POST("/users/{user_id}/password-reset-requests", { ...userPath(userId), body: request })),
        listUserPasswordResetRequests: (userId) => body(api.GET("/users/{user_id}/password-reset-requests", userPath(userId))),
        deleteUserPasswordResetRequests: (userId) => noContent(api.DELETE("/users/{user_id}/password-reset-requests", userPath(userId))),
        getPasswordResetRequest: (requestId) => body(api.GET("/password-reset-requests/{request_id}", requestPath(requestId))),
        deletePasswordResetRequest: (requestId) => noContent(api.DELETE("/password-reset-requests/{request_id}", requestPath(requestId))),
        verifyPasswordResetRequestEmail: (requestId, request) => noContent(api.POST("/password-reset-requests/{request_id}/verify-email", { ...requestPath(requestId), body: request })),
        resetPassword: (request) => noContent(api.POST("/reset-password", { body: request })),
        /** Made for an email nobody holds too (user_id null): answer the visitor alike. The code appears only here. */
        createEmailSignIn: (request) => body(api.POST("/email-sign-ins", { body: request })),
        getEmailSignIn: (requestId) => body(api.GET("/email-sign-ins/{request_id}", requestPath(requestId))),
        deleteEmailSignIn: (requestId) => noContent(api.DELETE("/email-sign-ins/{request_id}", requestPath(requestId))),
        /** `{user, created}`; when `user.totp_registered` is true, ask for a TOTP code before creating a session. */
        verifyEmailSignIn: (requestId, request) => body(api.POST("/email-sign-ins/{request_id}/verify", { ...requestPath(requestId), body: request })),
        createEmailVerificationRequest: (userId, request = {}) => body(api.POST("/users/{user_id}/email-verification-request", { ...userPath(userId), body: request })),
        getEmailVerificationRequest: (userId) => body(api.GET("/users/{user_id}/email-verification-request", userPath(userId))),
        deleteEmailVerificationRequest: (userId) => noContent(api.DELETE("/users/{user_id}/email-verification-request", userPath(userId))),
        verifyEmail: (userId, request) => noContent(api.POST("/users/{user_id}/verify-email", { ...userPath(userId), body: request })),
        createEmailUpdateRequest: (userId, request) => body(api.POST("/users/{user_id}/email-update-requests", { ...userPath(userId), body: request })),
        listUserEmailUpdateRequests: (userId) => body(api.GET("/users/{user_id}/email-update-requests", userPath(userId))),
        deleteUserEmailUpdateRequests: (userId) => noContent(api.DELETE("/users/{user_id}/email-update-requests", userPath(userId))),
        getEmailUpdateRequest: (requestId) => body(api.GET("/email-update-requests/{request_id}", requestPath(requestId))),
        deleteEmailUpdateRequest: (requestId) => noContent(api.DELETE("/email-update-requests/{request_id}", requestPath(requestId))),
        verifyNewEmail: (request) => body(api.POST("/verify-new-email", { body: request })),
        registerTotp: (userId, request) => body(api.POST("/users/{user_id}/register-totp", { ...userPath(userId), body: request })),
        getTotpCredential: (userId) => body(api.GET("/users/{user_id}/totp-credential", userPath(userId))),
        /** Ends every session of the user but `keepSessionId` (the one the user is removing TOTP from). */
        deleteTotpCredential: (userId, keepSessionId) => noContent(api.DELETE("/users/{user_id}/totp-credential", {
            params: { path: { user_id: userId }, query: keepSessionId === undefined ? {} : { session_id: keepSessionId } },
        })),
        verifyTotp: (userId, request) => noContent(api.POST("/users/{user_id}/verify-2fa/totp", { ...userPath(userId), body: request })),
        regenerateRecoveryCode: (userId) => body(api.POST("/users/{user_id}/regenerate-recovery-code", userPath(userId))),
        /** Spends the recovery code, deletes the TOTP credential and answers a new recovery code. */
        resetTwoFactor: (userId, request) => body(api.POST("/users/{user_id}/reset-2fa", { ...userPath(userId), body: request })),
        /** The ceremony; hand its `options` to the browser's `PublicKeyCredential.parseCreationOptionsFromJSON()`. */
        startPasskeyRegistration: (userId, request = {}) => body(api.POST("/users/{user_id}/passkey-registrations", { ...userPath(userId), body: request })),
        /** `credential` is the browser's `PublicKeyCredential.toJSON()`; the new passkey. */
        verifyPasskeyRegistration: (ceremonyId, request) => body(api.POST("/passkey-registrations/{ceremony_id}/verify", { ...ceremonyPath(ceremonyId), body: request })),
        /** The ceremony; hand its `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()`. Without `user_id`, a discoverable sign-in. */
        startPasskeyAuthentication: (request = {}) => body(api.POST("/passkey-authentications", { body: request })),
        /** The user signed in and the passkey used. */
        verifyPasskeyAuthentication: (ceremonyId, request) => body(api.POST("/passkey-authentications/{ceremony_id}/verify", { ...ceremonyPath(ceremonyId), body: request })),
        listUserPasskeys: (userId) => body(api.GET("/users/{user_id}/passkeys", userPath(userId))),
        getPasskey: (passkeyId) => body(api.GET("/passkeys/{passkey_id}", passkeyPath(passkeyId))),
        /** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
        deletePasskey: (passkeyId, keepSessionId) => noContent(api.DELETE("/passkeys/{passkey_id}", {
            params: { path: { passkey_id: passkeyId }, query: keepSessionId === undefined ? {} : { session_id: keepSessionId } },
        })),
        /** The configured identity providers: names and kinds. */
        listIdentityProviders: () => body(api.GET("/identity-providers")),
        /** Keep the answer's `id` in an HttpOnly cookie and redirect the browser to `authorization_url`. With
         *  `user_id`, the identity is added to that signed-in user instead of signing in. */
        startExternalSignIn: (request) => body(api.POST("/external-sign-ins", { body: request })),
        /** Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds
         *  `requestId`. Branch on `outcome`; on link_required, prove `user` and call linkExternalSignIn. */
        verifyExternalSignIn: (requestId, request) => body(api.POST("/external-sign-ins/{request_id}/verify", { ...requestPath(requestId), body: request })),
        /** After link_required, once you have proved the email's holder: adds the identity to them. */
        linkExternalSignIn: (requestId, request) => body(api.POST("/external-sign-ins/{request_id}/link", { ...requestPath(requestId), body: request })),
        listUserIdentities: (userId) => body(api.GET("/users/{user_id}/identities", userPath(userId))),
        /** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
        deleteIdentity: (identityId, keepSessionId) => noContent(api.DELETE("/identities/{identity_id}", {
            params: { path: { identity_id: identityId }, query: keepSessionId === undefined ? {} : { session_id: keepSessionId } },
        })),
        /** Signs the user in: the session and its token, which Holm answers only here (keep it in an HttpOnly cookie). */
        createSession: (userId, request = {}) => body(api.POST("/users/{user_id}/sessions", { ...userPath(userId), body: request })),
        /** The live session and its user; a HolmError with code NOT_FOUND means signed out (clear the cookie). */
        validateSession: (token) => body(api.POST("/sessions/validate", { body: { token } })),
        getSession: (sessionId) => body(api.GET("/sessions/{session_id}", sessionPath(sessionId))),
        /** The user's live sessions, most recently used first ("your devices"). */
        listUserSessions: (userId) => body(api.GET("/users/{user_id}/sessions", userPath(userId))),
        /** Signs one session out. */
        deleteSession: (sessionId) => noContent(api.DELETE("/sessions/{session_id}", sessionPath(sessionId))),
        /** Signs the user out everywhere, or everywhere but `exceptSessionId`. */
        deleteUserSessions: (userId, exceptSessionId) => noContent(api.DELETE("/users/{user_id}/sessions", {
            params: { path: { user_id: userId }, query: exceptSessionId === undefined ? {} : { except: exceptSessionId } },
        })),
        /** A page of the event feed, oldest first; pass its `next` as `after` to read on (each event once). */
        listEvents: (query = {}) => body(api.GET("/events", { params: { query } })),
        /** One user's events ("recent activity"), paged as listEvents. */
        listUserEvents: (userId, query = {}) => body(api.GET("/users/{user_id}/events", { params: { path: { user_id: userId }, query } })),
        /** Ends the user's password block and second-factor locks (blocks of addresses stay). */
        unblockUser: (userId) => noContent(api.POST("/users/{user_id}/unblock", userPath(userId))),
        /** Up to 1,000 users with their password hashes and second factors; one result per row. */
        importUsers: (request) => body(api.POST("/user-imports", { body: request })),
    };
}
