// Without --passkey-rp-id passkeys are off: each of their endpoints answers 400 NOT_ALLOWED right
// after the secret check (API.md section 10), whatever the method, media type or body.
import type { Context } from "hono";
import { errorResponse } from "../errors.ts";

// The paths of every passkey route in src/routes.ts, and nothing else.
const PASSKEY_PATH =
	/^\/(?:users\/[^/]+\/(?:passkey-registrations|passkeys)|passkey-registrations\/[^/]+\/verify|passkey-authentications(?:\/[^/]+\/verify)?|passkeys\/[^/]+)$/;

/** NOT_ALLOWED for a passkey path, else null (the request goes on). */
export function passkeysOff(c: Context): Response | null {
	return PASSKEY_PATH.test(c.req.path) ? errorResponse("NOT_ALLOWED") : null;
}
