// An endpoint: its handler, the error codes it answers, and its documentation (the OpenAPI
// operation), declared together in the feature's handlers.ts. A row of src/routes.ts puts it at a
// method and path, with what applies to it there (body limit, feature switch, limits).
import type { Context } from "hono";
import type { z } from "zod";
import type { ErrorCode, Failure } from "../errors.ts";
import type { BodyName, ModelName } from "../openapi/components.ts";
import type { HonoEnv } from "./env.ts";

/** The tags of the OpenAPI document, each with its description. */
export const TAGS = {
	Users: "Create, list, find, get, delete and import users.",
	Passwords: "Verify and update passwords; sign in with email and password.",
	"Password reset": "Create a request (its code goes to the user), verify the code, set the new password.",
	"Email sign-in":
		"Sign in with a code from the inbox: create a request for an email (known or not; the answer is the same), mail its code, " +
		"verify the code. A link in the mail must lead to a page that signs in only on a POST: mail scanners open links.",
	"Email verification": "Prove that the user receives mail at their address.",
	"Email update": "Move a user to a new address once they prove they receive mail there.",
	"Two-factor authentication": "TOTP credentials and the recovery code.",
	Passkeys:
		"WebAuthn registration and sign-in: Holm makes the options, the application's page hands them to navigator.credentials, " +
		"and the application backend relays the answer back. Every passkey endpoint answers NOT_ALLOWED while passkeys are off (no --passkey-rp-id).",
	Events: "What happened to accounts: a feed to follow, one user's history, and lifting a user's blocks.",
	Service: "Health, this description, metrics.",
} as const;

export type Tag = keyof typeof TAGS;

export type Success =
	| { status: 204; description: string }
	| { status: 200; description: string; model: ModelName; list?: true; pagination?: true }
	/** A body that is not JSON (GET /metrics). */
	| { status: 200; description: string; mediaType: string };

/** What the OpenAPI document says of an endpoint, besides its method, path and errors. */
export interface Documentation {
	operationId: string;
	summary: string;
	description?: string;
	tag: Tag;
	body?: BodyName;
	query?: z.ZodObject;
	success: Success;
	/** Answers other than errors and the success (GET /health's 503). */
	otherResponses?: readonly { status: number; description: string; model: ModelName; example: unknown }[];
}

/** A handler answers a success, or returns a failure (an action's, or its own 404 and 400). */
export type Answer<Code extends ErrorCode> = Response | Failure<Code>;

export type C = Context<HonoEnv>;

export interface Endpoint<Code extends ErrorCode = ErrorCode> extends Documentation {
	/** Every code the handler itself can answer (its own 404 and 400, then its action's declared
	 *  codes), in the order the document lists them; the codes the pipeline adds (secret, feature
	 *  switch, media types, body size, faults) come from the row (documentedErrors). */
	errors: readonly Code[];
	handle(c: C): Promise<Answer<Code>> | Answer<Code>;
}

/** The handler may only return failures of the codes it declares (the compiler checks that). */
export function endpoint<const Code extends ErrorCode>(
	definition: Documentation & { errors: readonly Code[]; handle(c: C): Promise<Answer<NoInfer<Code>>> | Answer<NoInfer<Code>> },
): Endpoint<Code> {
	return definition;
}
