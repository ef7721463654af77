// Every route but /health needs the exact secret the server started with (API.md section 1).
import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../errors.ts";
import { constantTimeEqual } from "../lib/constant-time.ts";

export function requireSecret(secret: string): MiddlewareHandler {
	return async function checkSecret(c, next) {
		// The health probe comes from load balancers and orchestrators that hold no secret.
		if (c.req.path === "/health") return next();
		const given = c.req.header("Authorization");
		if (given === undefined || !constantTimeEqual(given, secret)) return errorResponse("NOT_AUTHENTICATED");
		return next();
	};
}
