// @holm/client: every operation of Holm's API as one typed method. The types are openapi-typescript's,
// generated from GET /openapi.json (./openapi.ts); every request goes through openapi-fetch. The
// methods that only restate an operation (its operationId, method, path, body and query) are
// generated too, between the GENERATED markers below (`npm run client:generate`). Written here by
// hand is only what the document cannot say: one error class that carries the code, the status and
// Retry-After, the check of every path parameter (./path.ts), and the few methods that add
// something (client/scripts/generate.ts lists them: HAND_WRITTEN).
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./openapi.js";
import { serializePath } from "./path.js";

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
export class HolmError extends Error {
	override readonly name = "HolmError";

	constructor(
		readonly code: ErrorCode,
		readonly status: number,
		/** Whole seconds until the call could succeed (TOO_MANY_REQUESTS, UNAVAILABLE), else null. */
		readonly retryAfter: number | null,
	) {
		super(retryAfter === null ? `${code} (HTTP ${status})` : `${code} (HTTP ${status}, retry after ${retryAfter} s)`);
	}
}

export interface HolmClientOptions {
	/** Where Holm listens: http://127.0.0.1:4000. */
	url: string;
	/** The API secret. It is a credential for your backend: never send it to a browser. */
	secret: string;
	/** Defaults to the global fetch. */
	fetch?: (request: Request) => Promise<Response>;
}

/** A body that is not `{"error": CODE}` (a proxy's 502 page, say) counts as UNKNOWN_ERROR. */
function holmError(response: Response, body: unknown): HolmError {
	const error = typeof body === "object" && body !== null && "error" in body ? body.error : undefined;
	const header = response.headers.get("Retry-After");
	const retryAfter = header !== null && /^[0-9]+$/.test(header) ? Number(header) : null;
	return new HolmError(typeof error === "string" ? (error as ErrorCode) : "UNKNOWN_ERROR", response.status, retryAfter);
}

interface Answer<Data> {
	data?: Data;
	error?: unknown;
	response: Response;
}

/** The body of a 200, or the HolmError of anything else. */
async function body<Data>(pending: Promise<Answer<Data>>): Promise<Data> {
	const { data, error, response } = await pending;
	if (!response.ok) throw holmError(response, error);
	return data as Data;
}

/** Nothing for a 204, or the HolmError of anything else. */
async function noContent(pending: Promise<Answer<unknown>>): Promise<void> {
	const { error, response } = await pending;
	if (!response.ok) throw holmError(response, error);
}

export type HolmClient = ReturnType<typeof createHolmClient>;

export function createHolmClient(options: HolmClientOptions) {
	/** The typed openapi-fetch client underneath, for anything the methods below do not cover. A path
	 *  parameter that is not a Holm id rejects with a TypeError before any request, here as in the methods. */
	const api: Client<paths> = createClient<paths>({
		baseUrl: options.url,
		headers: { Authorization: `Bearer ${options.secret}` },
		pathSerializer: serializePath,
		...(options.fetch === undefined ? {} : { fetch: options.fetch }),
	});

	return {
		api,

		// GENERATED by `npm run client:generate` from the document: one method per operation; do not edit.
		/** Prometheus metrics: GET /metrics. */
		getMetrics: () => body(api.GET("/metrics", { parseAs: "text" })),
		/** This OpenAPI 3.1 description: GET /openapi.json. */
		getOpenApi: () => body(api.GET("/openapi.json")),
		/** Create a user: POST /users. */
		createUser: (request: RequestBody<"createUser">) => body(api.POST("/users", { body: request })),
		/** Get a user: GET /users/{user_id}. */
		getUser: (userId: string) => body(api.GET("/users/{user_id}", { params: { path: { user_id: userId } } })),
		/** Delete a user: DELETE /users/{user_id}. */
		deleteUser: (userId: string) => noContent(api.DELETE("/users/{user_id}", { params: { path: { user_id: userId } } })),
		/** Disable a user: POST /users/{user_id}/disable. */
		disableUser: (userId: string, request: RequestBody<"disableUser"> = {}) => body(api.POST("/users/{user_id}/disable", { params: { path: { user_id: userId } }, body: request })),
		/** Enable a user: POST /users/{user_id}/enable. */
		enableUser: (userId: string) => body(api.POST("/users/{user_id}/enable", { params: { path: { user_id: userId } } })),
		/** Verify a password: POST /users/{user_id}/verify-password. */
		verifyPassword: (userId: string, request: RequestBody<"verifyPassword">) => noContent(api.POST("/users/{user_id}/verify-password", { params: { path: { user_id: userId } }, body: request })),
		/** Update a password: POST /users/{user_id}/update-password. */
		updatePassword: (userId: string, request: RequestBody<"updatePassword">) => noContent(api.POST("/users/{user_id}/update-password", { params: { path: { user_id: userId } }, body: request })),
		/** Sign in with email and password: POST /authenticate/password. */
		authenticateWithPassword: (request: RequestBody<"authenticateWithPassword">) => body(api.POST("/authenticate/password", { body: request })),
		/** Create a password reset request: POST /users/{user_id}/password-reset-requests. */
		createPasswordResetRequest: (userId: string, request: RequestBody<"createPasswordResetRequest"> = {}) => body(api.POST("/users/{user_id}/password-reset-requests", { params: { path: { user_id: userId } }, body: request })),
		/** List a user's password reset requests: GET /users/{user_id}/password-reset-requests. */
		listUserPasswordResetRequests: (userId: string) => body(api.GET("/users/{user_id}/password-reset-requests", { params: { path: { user_id: userId } } })),
		/** Delete a user's password reset requests: DELETE /users/{user_id}/password-reset-requests. */
		deleteUserPasswordResetRequests: (userId: string) => noContent(api.DELETE("/users/{user_id}/password-reset-requests", { params: { path: { user_id: userId } } })),
		/** Get a password reset request: GET /password-reset-requests/{request_id}. */
		getPasswordResetRequest: (requestId: string) => body(api.GET("/password-reset-requests/{request_id}", { params: { path: { request_id: requestId } } })),
		/** Delete a password reset request: DELETE /password-reset-requests/{request_id}. */
		deletePasswordResetRequest: (requestId: string) => noContent(api.DELETE("/password-reset-requests/{request_id}", { params: { path: { request_id: requestId } } })),
		/** Verify a password reset request's code: POST /password-reset-requests/{request_id}/verify-email. */
		verifyPasswordResetRequestEmail: (requestId: string, request: RequestBody<"verifyPasswordResetRequestEmail">) => noContent(api.POST("/password-reset-requests/{request_id}/verify-email", { params: { path: { request_id: requestId } }, body: request })),
		/** Reset a password: POST /reset-password. */
		resetPassword: (request: RequestBody<"resetPassword">) => noContent(api.POST("/reset-password", { body: request })),
		/** Create an email verification request: POST /users/{user_id}/email-verification-request. */
		createEmailVerificationRequest: (userId: string, request: RequestBody<"createEmailVerificationRequest"> = {}) => body(api.POST("/users/{user_id}/email-verification-request", { params: { path: { user_id: userId } }, body: request })),
		/** Get the email verification request: GET /users/{user_id}/email-verification-request. */
		getEmailVerificationRequest: (userId: string) => body(api.GET("/users/{user_id}/email-verification-request", { params: { path: { user_id: userId } } })),
		/** Delete the email verification request: DELETE /users/{user_id}/email-verification-request. */
		deleteEmailVerificationRequest: (userId: string) => noContent(api.DELETE("/users/{user_id}/email-verification-request", { params: { path: { user_id: userId } } })),
		/** Verify the email: POST /users/{user_id}/verify-email. */
		verifyEmail: (userId: string, request: RequestBody<"verifyEmail">) => noContent(api.POST("/users/{user_id}/verify-email", { params: { path: { user_id: userId } }, body: request })),
		/** Create an email update request: POST /users/{user_id}/email-update-requests. */
		createEmailUpdateRequest: (userId: string, request: RequestBody<"createEmailUpdateRequest">) => body(api.POST("/users/{user_id}/email-update-requests", { params: { path: { user_id: userId } }, body: request })),
		/** List a user's email update requests: GET /users/{user_id}/email-update-requests. */
		listUserEmailUpdateRequests: (userId: string) => body(api.GET("/users/{user_id}/email-update-requests", { params: { path: { user_id: userId } } })),
		/** Delete a user's email update requests: DELETE /users/{user_id}/email-update-requests. */
		deleteUserEmailUpdateRequests: (userId: string) => noContent(api.DELETE("/users/{user_id}/email-update-requests", { params: { path: { user_id: userId } } })),
		/** Get an email update request: GET /email-update-requests/{request_id}. */
		getEmailUpdateRequest: (requestId: string) => body(api.GET("/email-update-requests/{request_id}", { params: { path: { request_id: requestId } } })),
		/** Delete an email update request: DELETE /email-update-requests/{request_id}. */
		deleteEmailUpdateRequest: (requestId: string) => noContent(api.DELETE("/email-update-requests/{request_id}", { params: { path: { request_id: requestId } } })),
		/** Verify the new email: POST /verify-new-email. */
		verifyNewEmail: (request: RequestBody<"verifyNewEmail">) => body(api.POST("/verify-new-email", { body: request })),
		/** Create an email sign-in request: POST /email-sign-ins. */
		createEmailSignIn: (request: RequestBody<"createEmailSignIn">) => body(api.POST("/email-sign-ins", { body: request })),
		/** Get an email sign-in request: GET /email-sign-ins/{request_id}. */
		getEmailSignIn: (requestId: string) => body(api.GET("/email-sign-ins/{request_id}", { params: { path: { request_id: requestId } } })),
		/** Delete an email sign-in request: DELETE /email-sign-ins/{request_id}. */
		deleteEmailSignIn: (requestId: string) => noContent(api.DELETE("/email-sign-ins/{request_id}", { params: { path: { request_id: requestId } } })),
		/** Sign in with an email code: POST /email-sign-ins/{request_id}/verify. */
		verifyEmailSignIn: (requestId: string, request: RequestBody<"verifyEmailSignIn">) => body(api.POST("/email-sign-ins/{request_id}/verify", { params: { path: { request_id: requestId } }, body: request })),
		/** Register a TOTP credential: POST /users/{user_id}/register-totp. */
		registerTotp: (userId: string, request: RequestBody<"registerTotp">) => body(api.POST("/users/{user_id}/register-totp", { params: { path: { user_id: userId } }, body: request })),
		/** Get the TOTP credential: GET /users/{user_id}/totp-credential. */
		getTotpCredential: (userId: string) => body(api.GET("/users/{user_id}/totp-credential", { params: { path: { user_id: userId } } })),
		/** Verify a TOTP code: POST /users/{user_id}/verify-2fa/totp. */
		verifyTotp: (userId: string, request: RequestBody<"verifyTotp">) => noContent(api.POST("/users/{user_id}/verify-2fa/totp", { params: { path: { user_id: userId } }, body: request })),
		/** Regenerate the recovery code: POST /users/{user_id}/regenerate-recovery-code. */
		regenerateRecoveryCode: (userId: string) => body(api.POST("/users/{user_id}/regenerate-recovery-code", { params: { path: { user_id: userId } } })),
		/** Reset two-factor authentication with the recovery code: POST /users/{user_id}/reset-2fa. */
		resetTwoFactor: (userId: string, request: RequestBody<"resetTwoFactor">) => body(api.POST("/users/{user_id}/reset-2fa", { params: { path: { user_id: userId } }, body: request })),
		/** Start a passkey registration: POST /users/{user_id}/passkey-registrations. */
		startPasskeyRegistration: (userId: string, request: RequestBody<"startPasskeyRegistration"> = {}) => body(api.POST("/users/{user_id}/passkey-registrations", { params: { path: { user_id: userId } }, body: request })),
		/** Verify a passkey registration: POST /passkey-registrations/{ceremony_id}/verify. */
		verifyPasskeyRegistration: (ceremonyId: string, request: RequestBody<"verifyPasskeyRegistration">) => body(api.POST("/passkey-registrations/{ceremony_id}/verify", { params: { path: { ceremony_id: ceremonyId } }, body: request })),
		/** Start a passkey sign-in: POST /passkey-authentications. */
		startPasskeyAuthentication: (request: RequestBody<"startPasskeyAuthentication"> = {}) => body(api.POST("/passkey-authentications", { body: request })),
		/** Verify a passkey sign-in: POST /passkey-authentications/{ceremony_id}/verify. */
		verifyPasskeyAuthentication: (ceremonyId: string, request: RequestBody<"verifyPasskeyAuthentication">) => body(api.POST("/passkey-authentications/{ceremony_id}/verify", { params: { path: { ceremony_id: ceremonyId } }, body: request })),
		/** List a user's passkeys: GET /users/{user_id}/passkeys. */
		listUserPasskeys: (userId: string) => body(api.GET("/users/{user_id}/passkeys", { params: { path: { user_id: userId } } })),
		/** Get a passkey: GET /passkeys/{passkey_id}. */
		getPasskey: (passkeyId: string) => body(api.GET("/passkeys/{passkey_id}", { params: { path: { passkey_id: passkeyId } } })),
		/** List the identity providers: GET /identity-providers. */
		listIdentityProviders: () => body(api.GET("/identity-providers")),
		/** Start a sign-in with an identity provider: POST /external-sign-ins. */
		startExternalSignIn: (request: RequestBody<"startExternalSignIn">) => body(api.POST("/external-sign-ins", { body: request })),
		/** Verify a sign-in with an identity provider: POST /external-sign-ins/{request_id}/verify. */
		verifyExternalSignIn: (requestId: string, request: RequestBody<"verifyExternalSignIn">) => body(api.POST("/external-sign-ins/{request_id}/verify", { params: { path: { request_id: requestId } }, body: request })),
		/** Link the identity of a sign-in that answered link_required: POST /external-sign-ins/{request_id}/link. */
		linkExternalSignIn: (requestId: string, request: RequestBody<"linkExternalSignIn">) => body(api.POST("/external-sign-ins/{request_id}/link", { params: { path: { request_id: requestId } }, body: request })),
		/** List a user's identities: GET /users/{user_id}/identities. */
		listUserIdentities: (userId: string) => body(api.GET("/users/{user_id}/identities", { params: { path: { user_id: userId } } })),
		/** Create a session: POST /users/{user_id}/sessions. */
		createSession: (userId: string, request: RequestBody<"createSession"> = {}) => body(api.POST("/users/{user_id}/sessions", { params: { path: { user_id: userId } }, body: request })),
		/** List a user's sessions: GET /users/{user_id}/sessions. */
		listUserSessions: (userId: string) => body(api.GET("/users/{user_id}/sessions", { params: { path: { user_id: userId } } })),
		/** Get a session: GET /sessions/{session_id}. */
		getSession: (sessionId: string) => body(api.GET("/sessions/{session_id}", { params: { path: { session_id: sessionId } } })),
		/** End a session (sign out): DELETE /sessions/{session_id}. */
		deleteSession: (sessionId: string) => noContent(api.DELETE("/sessions/{session_id}", { params: { path: { session_id: sessionId } } })),
		/** Read the event feed: GET /events. */
		listEvents: (query: Query<"listEvents"> = {}) => body(api.GET("/events", { params: { query } })),
		/** Read one user's events: GET /users/{user_id}/events. */
		listUserEvents: (userId: string, query: Query<"listUserEvents"> = {}) => body(api.GET("/users/{user_id}/events", { params: { path: { user_id: userId }, query } })),
		/** Unblock a user: POST /users/{user_id}/unblock. */
		unblockUser: (userId: string) => noContent(api.POST("/users/{user_id}/unblock", { params: { path: { user_id: userId } } })),
		/** Import users: POST /user-imports. */
		importUsers: (request: RequestBody<"importUsers">) => body(api.POST("/user-imports", { body: request })),
		// END GENERATED

		/** `{status: "ok"}`, or `{status: "unavailable"}` (503) while the database does not answer. */
		async getHealth(): Promise<Health> {
			const { data, error, response } = await api.GET("/health");
			if (data !== undefined) return data;
			if (response.status === 503) return error as Health;
			throw holmError(response, error);
		},
		/** One page of users, and the X-Pagination-* headers as numbers. `{email}` finds one user by address. */
		async listUsers(query: UserListQuery = {}): Promise<{ users: User[]; total: number; totalPages: number }> {
			const { data, error, response } = await api.GET("/users", { params: { query } });
			if (data === undefined) throw holmError(response, error);
			return {
				users: data,
				total: Number(response.headers.get("X-Pagination-Total")),
				totalPages: Number(response.headers.get("X-Pagination-Total-Pages")),
			};
		},
		/** The live session and its user; a HolmError with code NOT_FOUND means signed out (clear the cookie). */
		validateSession: (token: string) => body(api.POST("/sessions/validate", { body: { token } })),
		/** Ends every session of the user but `keepSessionId` (the one the user is removing TOTP from). */
		deleteTotpCredential: (userId: string, keepSessionId?: string) =>
			noContent(
				api.DELETE("/users/{user_id}/totp-credential", {
					params: { path: { user_id: userId }, query: keepSessionId === undefined ? {} : { session_id: keepSessionId } },
				}),
			),
		/** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
		deletePasskey: (passkeyId: string, keepSessionId?: string) =>
			noContent(
				api.DELETE("/passkeys/{passkey_id}", {
					params: { path: { passkey_id: passkeyId }, query: keepSessionId === undefined ? {} : { session_id: keepSessionId } },
				}),
			),
		/** Ends the user's other sessions; `keepSessionId` (the caller's session) stays signed in. */
		deleteIdentity: (identityId: string, keepSessionId?: string) =>
			noContent(
				api.DELETE("/identities/{identity_id}", {
					params: { path: { identity_id: identityId }, query: keepSessionId === undefined ? {} : { session_id: keepSessionId } },
				}),
			),
		/** Signs the user out everywhere, or everywhere but `exceptSessionId`. */
		deleteUserSessions: (userId: string, exceptSessionId?: string) =>
			noContent(
				api.DELETE("/users/{user_id}/sessions", {
					params: { path: { user_id: userId }, query: exceptSessionId === undefined ? {} : { except: exceptSessionId } },
				}),
			),
	};
}
