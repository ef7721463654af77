// The whole API on one screen: one row per route, with what applies to it there: `public` (no
// secret), the feature switch it belongs to, its body limit (64 KiB unless it says), and the limits
// its action applies (the names of --limit; `code-attempts` and `second-factor` are counted in the
// database). The shared middleware reads the matched row; the OpenAPI document is made from the
// rows, and each endpoint's handler, errors and documentation sit together in its handlers.ts.
import emailSignIn from "./features/email-sign-in/handlers.ts";
import emailUpdate from "./features/email-update/handlers.ts";
import emailVerification from "./features/email-verification/handlers.ts";
import events from "./features/events/handlers.ts";
import health from "./features/health/handlers.ts";
import identityProviders from "./features/identity-providers/handlers.ts";
import metrics from "./features/metrics/handlers.ts";
import passkeys from "./features/passkeys/handlers.ts";
import passwordReset from "./features/password-reset/handlers.ts";
import passwords from "./features/passwords/handlers.ts";
import sessions from "./features/sessions/handlers.ts";
import twoFactor from "./features/two-factor/handlers.ts";
import userImports from "./features/user-imports/handlers.ts";
import users from "./features/users/handlers.ts";
import { MiB, route, type Route } from "./http/route.ts";
import { openApiEndpoints } from "./openapi/handler.ts";

// A password check takes a hashing token and counts as incorrect until it proves right; a passkey
// sign-in counts the same way without the token, and its ceremonies are not started while blocked.
const PASSWORD_GUESSES = ["hashing", "incorrect-passwords-address", "incorrect-passwords-user"] as const;
const PASSKEY_GUESSES = ["incorrect-passwords-address", "incorrect-passwords-user"] as const;
const SERVICE = { noDatabase: true } as const;
const PASSKEYS = { feature: "passkeys" } as const;
// A request for a code to a user's address is counted per user and per address; each code guessed, in the database.
const USER_CODE_REQUESTS = { limits: ["email-requests-user", "code-requests-address"] } as const;
const CODE_GUESSES = { limits: ["code-attempts"] } as const;

// The document describes this very table, so its endpoint reads the table when it is asked.
const openapi = openApiEndpoints(() => ROUTES);

export const ROUTES: readonly Route[] = [
	route("GET", "/health", health.getHealth, { ...SERVICE, public: true }),
	route("GET", "/metrics", metrics.getMetrics, SERVICE),
	route("GET", "/openapi.json", openapi.getOpenApi, { ...SERVICE, public: true }),

	route("POST", "/users", users.createUser, { limits: ["hashing"] }),
	route("GET", "/users", users.listUsers),
	route("GET", "/users/:user_id", users.getUser),
	route("DELETE", "/users/:user_id", users.deleteUser),
	route("POST", "/users/:user_id/disable", users.disableUser),
	route("POST", "/users/:user_id/enable", users.enableUser),

	route("POST", "/users/:user_id/verify-password", passwords.verifyPassword, { limits: PASSWORD_GUESSES }),
	route("POST", "/users/:user_id/update-password", passwords.updatePassword, { limits: PASSWORD_GUESSES }),
	route("POST", "/authenticate/password", passwords.authenticateWithPassword, { limits: PASSWORD_GUESSES }),

	route("POST", "/users/:user_id/password-reset-requests", passwordReset.createPasswordResetRequest, { limits: ["reset-requests-user", "code-requests-address"] }),
	route("GET", "/users/:user_id/password-reset-requests", passwordReset.listUserPasswordResetRequests),
	route("DELETE", "/users/:user_id/password-reset-requests", passwordReset.deleteUserPasswordResetRequests),
	route("GET", "/password-reset-requests/:request_id", passwordReset.getPasswordResetRequest),
	route("DELETE", "/password-reset-requests/:request_id", passwordReset.deletePasswordResetRequest),
	route("POST", "/password-reset-requests/:request_id/verify-email", passwordReset.verifyPasswordResetRequestEmail, CODE_GUESSES),
	route("POST", "/reset-password", passwordReset.resetPassword, { limits: ["hashing"] }),

	route("POST", "/users/:user_id/email-verification-request", emailVerification.createEmailVerificationRequest, USER_CODE_REQUESTS),
	route("GET", "/users/:user_id/email-verification-request", emailVerification.getEmailVerificationRequest),
	route("DELETE", "/users/:user_id/email-verification-request", emailVerification.deleteEmailVerificationRequest),
	route("POST", "/users/:user_id/verify-email", emailVerification.verifyEmail, CODE_GUESSES),

	route("POST", "/users/:user_id/email-update-requests", emailUpdate.createEmailUpdateRequest, USER_CODE_REQUESTS),
	route("GET", "/users/:user_id/email-update-requests", emailUpdate.listUserEmailUpdateRequests),
	route("DELETE", "/users/:user_id/email-update-requests", emailUpdate.deleteUserEmailUpdateRequests),
	route("GET", "/email-update-requests/:request_id", emailUpdate.getEmailUpdateRequest),
	route("DELETE", "/email-update-requests/:request_id", emailUpdate.deleteEmailUpdateRequest),
	route("POST", "/verify-new-email", emailUpdate.verifyNewEmail, CODE_GUESSES),

	route("POST", "/email-sign-ins", emailSignIn.createEmailSignIn, { limits: ["email-sign-ins-email", "code-requests-address"] }),
	route("GET", "/email-sign-ins/:request_id", emailSignIn.getEmailSignIn),
	route("DELETE", "/email-sign-ins/:request_id", emailSignIn.deleteEmailSignIn),
	route("POST", "/email-sign-ins/:request_id/verify", emailSignIn.verifyEmailSignIn, CODE_GUESSES), // no password block

	route("POST", "/users/:user_id/register-totp", twoFactor.registerTotp),
	route("GET", "/users/:user_id/totp-credential", twoFactor.getTotpCredential),
	route("DELETE", "/users/:user_id/totp-credential", twoFactor.deleteTotpCredential),
	route("POST", "/users/:user_id/verify-2fa/totp", twoFactor.verifyTotp, { limits: ["second-factor"] }),
	route("POST", "/users/:user_id/regenerate-recovery-code", twoFactor.regenerateRecoveryCode),
	route("POST", "/users/:user_id/reset-2fa", twoFactor.resetTwoFactor, { limits: ["second-factor"] }),

	route("POST", "/users/:user_id/passkey-registrations", passkeys.startPasskeyRegistration, { ...PASSKEYS, limits: PASSKEY_GUESSES }),
	route("POST", "/passkey-registrations/:ceremony_id/verify", passkeys.verifyPasskeyRegistration, PASSKEYS),
	route("POST", "/passkey-authentications", passkeys.startPasskeyAuthentication, { ...PASSKEYS, limits: PASSKEY_GUESSES }),
	route("POST", "/passkey-authentications/:ceremony_id/verify", passkeys.verifyPasskeyAuthentication, { ...PASSKEYS, limits: PASSKEY_GUESSES }),
	route("GET", "/users/:user_id/passkeys", passkeys.listUserPasskeys, PASSKEYS),
	route("GET", "/passkeys/:passkey_id", passkeys.getPasskey, PASSKEYS),
	route("DELETE", "/passkeys/:passkey_id", passkeys.deletePasskey, PASSKEYS),

	route("GET", "/identity-providers", identityProviders.listIdentityProviders),
	route("POST", "/external-sign-ins", identityProviders.startExternalSignIn, { limits: ["code-requests-address"] }),
	route("POST", "/external-sign-ins/:request_id/verify", identityProviders.verifyExternalSignIn), // one verify per request
	route("POST", "/external-sign-ins/:request_id/link", identityProviders.linkExternalSignIn),
	route("GET", "/users/:user_id/identities", identityProviders.listUserIdentities),
	route("DELETE", "/identities/:identity_id", identityProviders.deleteIdentity),

	route("POST", "/users/:user_id/sessions", sessions.createSession),
	route("GET", "/users/:user_id/sessions", sessions.listUserSessions),
	route("DELETE", "/users/:user_id/sessions", sessions.deleteUserSessions),
	route("POST", "/sessions/validate", sessions.validateSession), // one indexed read; a write at most once a minute per session
	route("GET", "/sessions/:session_id", sessions.getSession),
	route("DELETE", "/sessions/:session_id", sessions.deleteSession),

	route("GET", "/events", events.listEvents),
	route("GET", "/users/:user_id/events", events.listUserEvents),
	route("POST", "/users/:user_id/unblock", events.unblockUser),

	route("POST", "/user-imports", userImports.importUsers, { bodyLimit: 4 * MiB }), // up to 1,000 users; nothing hashed
];
