// The whole API on one screen: method, path, handler. Limits are applied inside each handler,
// after the path resource and the body have been checked (API.md section 1 gives that order);
// the comment on each line names the limiter.
import type { Handler } from "hono";
import * as health from "./features/health/handlers.ts";
import * as passwordReset from "./features/password-reset/handlers.ts";
import * as passwords from "./features/passwords/handlers.ts";
import * as users from "./features/users/handlers.ts";
import type { HonoEnv } from "./http/env.ts";

type Method = "GET" | "POST" | "DELETE";

export const ROUTES: readonly [Method, string, Handler<HonoEnv>][] = [
	["GET", "/health", health.handleHealth],

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
];
