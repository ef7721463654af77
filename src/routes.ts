// The whole API on one screen: method, path, handler. Limits are applied inside each handler,
// after the path resource and the body have been checked (API.md section 1 gives that order);
// the comment on each line names the limiter.
import type { Handler } from "hono";
import * as emailSignIn from "./features/email-sign-in/handlers.ts";
import * as emailUpdate from "./features/email-update/handlers.ts";
import * as emailVerification from "./features/email-verification/handlers.ts";
import * as events from "./features/events/handlers.ts";
import * as health from "./features/health/handlers.ts";
import * as metrics from "./features/metrics/handlers.ts";
import * as openapi from "./openapi/handler.ts";
import * as passkeys from "./features/passkeys/handlers.ts";
import * as passwordReset from "./features/password-reset/handlers.ts";
import * as passwords from "./features/passwords/handlers.ts";
import * as twoFactor from "./features/two-factor/handlers.ts";
import * as userImports from "./features/user-imports/handlers.ts";
import * as users from "./features/users/handlers.ts";
import type { HonoEnv } from "./http/env.ts";

type Method = "GET" | "POST" | "DELETE";

export const ROUTES: readonly [Method, string, Handler<HonoEnv>][] = [
	["GET", "/health", health.handleHealth],
	["GET", "/metrics", metrics.handleMetrics],
	["GET", "/openapi.json", openapi.handleOpenApi],

	["POST", "/users", users.handleCreateUser], // passwordHashing
	["GET", "/users", users.handleListUsers],
	["GET", "/users/:user_id", users.handleGetUser],
	["DELETE", "/users/:user_id", users.handleDeleteUser],

	["POST", "/users/:user_id/verify-password", passwords.handleVerifyPassword], // passwordHashing, incorrectPasswords
	["POST", "/users/:user_id/update-password", passwords.handleUpdatePassword], // passwordHashing, incorrectPasswords
	["POST", "/authenticate/password", passwords.handleAuthenticate], // passwordHashing, incorrectPasswords

	["POST", "/users/:user_id/password-reset-requests", passwordReset.handleCreateResetRequest], // passwordResetRequests
	["GET", "/users/:user_id/password-reset-requests", passwordReset.handleListUserResetRequests],
	["DELETE", "/users/:user_id/password-reset-requests", passwordReset.handleDeleteUserResetRequests],
	["GET", "/password-reset-requests/:request_id", passwordReset.handleGetResetRequest],
	["DELETE", "/password-reset-requests/:request_id", passwordReset.handleDeleteResetRequest],
	["POST", "/password-reset-requests/:request_id/verify-email", passwordReset.handleVerifyResetEmail], // 5 codes per request (database)
	["POST", "/reset-password", passwordReset.handleResetPassword], // passwordHashing

	["POST", "/users/:user_id/email-verification-request", emailVerification.handleCreateVerificationRequest], // emailVerificationRequests
	["GET", "/users/:user_id/email-verification-request", emailVerification.handleGetVerificationRequest],
	["DELETE", "/users/:user_id/email-verification-request", emailVerification.handleDeleteVerificationRequest],
	["POST", "/users/:user_id/verify-email", emailVerification.handleVerifyEmail], // 5 codes per request (database)

	["POST", "/users/:user_id/email-update-requests", emailUpdate.handleCreateEmailUpdateRequest], // emailUpdateRequests
	["GET", "/users/:user_id/email-update-requests", emailUpdate.handleListUserEmailUpdateRequests],
	["DELETE", "/users/:user_id/email-update-requests", emailUpdate.handleDeleteUserEmailUpdateRequests],
	["GET", "/email-update-requests/:request_id", emailUpdate.handleGetEmailUpdateRequest],
	["DELETE", "/email-update-requests/:request_id", emailUpdate.handleDeleteEmailUpdateRequest],
	["POST", "/verify-new-email", emailUpdate.handleVerifyNewEmail], // 5 codes per request (database)

	["POST", "/email-sign-ins", emailSignIn.handleCreateEmailSignIn], // emailSignInsPerEmail, codeRequestsPerAddress
	["GET", "/email-sign-ins/:request_id", emailSignIn.handleGetEmailSignIn],
	["DELETE", "/email-sign-ins/:request_id", emailSignIn.handleDeleteEmailSignIn],
	["POST", "/email-sign-ins/:request_id/verify", emailSignIn.handleVerifyEmailSignIn], // 5 codes per request (database); no password block

	["POST", "/users/:user_id/register-totp", twoFactor.handleRegisterTotp],
	["GET", "/users/:user_id/totp-credential", twoFactor.handleGetTotpCredential],
	["DELETE", "/users/:user_id/totp-credential", twoFactor.handleDeleteTotpCredential],
	["POST", "/users/:user_id/verify-2fa/totp", twoFactor.handleVerifyTotp], // 5 wrong in a row lock 15 min (database)
	["POST", "/users/:user_id/regenerate-recovery-code", twoFactor.handleRegenerateRecoveryCode],
	["POST", "/users/:user_id/reset-2fa", twoFactor.handleResetTwoFactor], // 5 wrong in a row lock 15 min (database)

	// All answer NOT_ALLOWED without --passkey-rp-id (src/middleware/passkeys-off.ts).
	["POST", "/users/:user_id/passkey-registrations", passkeys.handleStartRegistration], // refused while the address is blocked (incorrectPasswords)
	["POST", "/passkey-registrations/:ceremony_id/verify", passkeys.handleVerifyRegistration],
	["POST", "/passkey-authentications", passkeys.handleStartAuthentication], // refused while blocked (incorrectPasswords)
	["POST", "/passkey-authentications/:ceremony_id/verify", passkeys.handleVerifyAuthentication], // incorrectPasswords (address, user)
	["GET", "/users/:user_id/passkeys", passkeys.handleListUserPasskeys],
	["GET", "/passkeys/:passkey_id", passkeys.handleGetPasskey],
	["DELETE", "/passkeys/:passkey_id", passkeys.handleDeletePasskey],

	["GET", "/events", events.handleListEvents],
	["GET", "/users/:user_id/events", events.handleListUserEvents],
	["POST", "/users/:user_id/unblock", events.handleUnblockUser],

	["POST", "/user-imports", userImports.handleImportUsers], // body up to 4 MiB (middleware/read-body.ts); nothing hashed
];
