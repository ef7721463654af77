// An endpoint: its handler, the error codes it answers, and its documentation (the OpenAPI
// operation), declared together in the feature's handlers.ts. A row of src/routes.ts puts it at a
// method and path, with what applies to it there (body limit, feature switch, limits).
import type { z } from "zod";
import type { AppContext } from "../context.ts";
import { fail, type ErrorCode, type Failure } from "../errors.ts";
import { parseBody } from "./body.ts";
import type { RequestContext } from "./request-context.ts";
import { answerWith, noContentOr } from "./responses.ts";

/** The tags of the OpenAPI document, each with its description. */
export const TAGS = {
	Users: "Create, list, find, get, delete and import users.",
	Passwords:
		"Verify and update passwords; sign in with email and password.\n\n" +
		"### Passwords found leaked after they were set\n\nA password that was fine when it was chosen can appear in a leak later. Each correct " +
		"password at `verify-password` and `authenticate/password` is looked up again in the local leak lists (the bundled list and `--leak-file`: a " +
		"lookup of microseconds, so a sign-in takes no longer). When a list holds it, the user's `password_leaked` becomes `true`, the `sign_in` " +
		"event says `\"password_leaked\": true`, and `authenticate/password` answers the user with the flag set (`verify-password` keeps its " +
		"empty `204`). With `--leak-check online`, the range API is also asked, at most once a day per user and after the answer has been sent: " +
		"a leak it finds flags the user for their next sign-in. The flag stays until the password is set again by `update-password` or " +
		"`reset-password` (both refuse passwords the lists hold, so the new one is clean). When you see `password_leaked: true`, send the user " +
		"to change their password right away (a reset if they cannot). `/metrics` counts such users (`holm_users_password_leaked`).",
	"Password reset":
		"Create a request (its code goes to the user), verify the code, set the new password: a reset takes three calls. Holm returns the code; " +
		"you email it. See [flows.md](flows.md#password-reset-forgot-password).",
	"Email sign-in":
		"Sign in with a code from the inbox: create a request for an email (known or not; the answer is the same), mail its code, " +
		"verify the code. A link in the mail must lead to a page that signs in only on a POST: mail scanners open links. Sign-in with a code " +
		"from the inbox works instead of a password, or with no password at all; Holm makes and checks the code, your backend mails it. See " +
		"[email-sign-in.md](email-sign-in.md) for the whole flow, the mail, and a link that mail scanners cannot use up.",
	"Email verification": "Prove that the user receives mail at their address: Holm creates a code; your backend sends it; the user types it back.",
	"Email update": "Move a user to a new address once they prove they receive mail there.",
	"Two-factor authentication": "TOTP credentials and the recovery code.",
	Passkeys:
		"WebAuthn registration and sign-in: Holm makes the options, the application's page hands them to navigator.credentials, " +
		"and the application backend relays the answer back (`PublicKeyCredential.toJSON()`) to the verify call. Every passkey endpoint answers " +
		"`400 NOT_ALLOWED` right after the secret check while passkeys are off (no `--passkey-rp-id`). Configuration, the browser code, what is " +
		"checked and the trade-offs are in [passkeys.md](passkeys.md). Both kinds of ceremony live 5 minutes and are used up by their verify " +
		"call, whatever its outcome; an unknown, expired or used ceremony answers `INVALID_REQUEST` (not `NOT_FOUND`).",
	"Identity providers":
		"Sign in with an account at an identity provider (OpenID Connect, Microsoft Entra ID, GitHub): Holm makes the provider's URL and checks " +
		"what comes back; the application's backend redirects the browser and relays the callback's query. The providers come from the operator's " +
		"`--identity-providers` file, never from a request. The whole flow, the configuration of each provider and the code of a backend are in " +
		"[identity-providers.md](identity-providers.md).\n\n" +
		"An identity is the provider's issuer and its id of the person (`subject`), and is found only by that pair, never by email: an email " +
		"decides nothing unless the provider says it verified it, and even then Holm links an identity to a user who holds that address only once " +
		"you have proved that user (or the operator allowed it for the provider, and both sides verified the address). An identity's email is the " +
		"provider's claim: for Microsoft Entra ID it counts as verified only with the `xms_edov` claim, for GitHub only as the account's primary " +
		"address that GitHub verified. `provider_tokens` is never stored, logged or shown again. Deleting a user deletes their identities.\n\n" +
		"The verify's request is used up by the first verify whose body is valid, whatever it answers. Before any call to the provider, Holm " +
		"checks the request (absent, expired or used: `INVALID_REQUEST`), the `state` (wrong: `INVALID_REQUEST`) and the callback's `iss` " +
		"(another issuer's: `INVALID_CREDENTIAL`, so that a code never goes to the wrong provider's token endpoint). Then it exchanges the code " +
		"with the PKCE verifier and, for OpenID Connect, checks the ID token: its signature against the issuer's published keys (never `none` or " +
		"an HMAC), `iss`, `aud`, `azp`, `exp`, `iat` and `nonce`. The provider is given 5 seconds for each call. Its outcomes:\n\n" +
		"| `outcome` | What happened | `user` |\n|---|---|---|\n" +
		"| `signed_in` | The identity belongs to a user: a `sign_in` event (`method: \"external\"`). Holm stores what the provider said of the email and name now, and never moves the user's own email because of it. | That user. |\n" +
		"| `created` | Nobody holds the identity or the email, and `create_user` was true: a user with the provider's email (verified only when the provider verified it) and no password, with the identity. `user_created` and `sign_in` events. | The new user. |\n" +
		"| `linked` | The request named a `user_id`: the identity is added to that user (`identity_linked`). Or the provider has `auto_link` and both it and Holm verified the email: added to the email's holder, who signs in (`identity_linked`, `sign_in`). | That user. |\n" +
		"| `link_required` | Another user holds the email. Prove that user (a password, a passkey or an email code, and their second factor), then call the link within the request's 10 minutes. | The email's holder, **only** when the provider verified the email; else `null`, and the link will be refused. |\n" +
		"| `unknown` | Nobody holds the identity or the email, and `create_user` was not true. | `null` |\n\n" +
		"A disabled user (the identity's, or the one it would be linked to) answers `403 USER_DISABLED` at the verify: the request is used up, " +
		"nothing is linked, and a `sign_in_failed` event (`reason: \"user_disabled\"`) is recorded. The link answers `200` with an " +
		"`identity_linked` event; a refused link leaves the request as it was, for another try within its 10 minutes (after the user has verified " +
		"the address, say, or signed in by email code, which [claims the account](security.md#whoever-proves-the-address-owns-the-account)). " +
		"Unlinking an identity records an `identity_unlinked` event and ends the user's other sessions (`sessions_ended`, reason `identity_unlinked`).",
	Sessions:
		"Keep a signed-in user signed in: opaque tokens, validated in one read, ended in the same transaction as a credential change. Your " +
		"application creates a session once Holm (or your own single sign-on) has said who the user is, keeps its token in a cookie, and " +
		"validates it on every request. Holm ends it when the user signs out, after the idle timeout or the lifetime, and in the same " +
		"transaction as any change of a credential. [sessions.md](sessions.md) explains why and shows a cookie-based application.",
	Events:
		"What happened to accounts: a feed to follow, one user's history, and lifting a user's blocks. Events are kept for `--event-retention` " +
		"days (30 by default). The event types, what each one's `data` holds, how to follow the feed, and webhooks are in [events.md](events.md).",
	Service: "Health, this description, metrics.",
} as const;

type Tag = keyof typeof TAGS;

/** A model of the document: a schema named where it is declared (src/openapi/names.ts). */
type Model = z.ZodType;

export type Success =
	| { status: 204; description: string }
	| { status: 200; description: string; model: Model; list?: true; pagination?: true }
	/** A body that is not JSON (GET /metrics). */
	| { status: 200; description: string; mediaType: string };

/** A success that answers one value in a wire shape: its model is the shape's schema. */
interface ShapedSuccess<T> {
	status: 200;
	description: string;
	model: Model;
	shape: { json(value: T): unknown };
}

/** The success of nothing to return (204). */
interface EmptySuccess {
	status: 204;
	description: string;
}

/** What the OpenAPI document says of an endpoint, besides its method, path and errors. */
interface Documentation {
	operationId: string;
	summary: string;
	description?: string;
	tag: Tag;
	/** The schema the body is parsed with, which the document shows. */
	body?: z.ZodType;
	query?: z.ZodObject;
	success: Success;
	/** What a code means at this endpoint, where it says more than the code's meaning everywhere
	 *  (when it is answered here, what is left as it was): the document's error answers say it. */
	errorsWhen?: Partial<Record<ErrorCode, string>>;
	/** Answers other than errors and the success (GET /health's 503). */
	otherResponses?: readonly { status: number; description: string; model: Model; example: unknown }[];
	/** The example of the request body and of the success answer that the document (and docs/api.md)
	 *  shows; the lint in test/openapi/openapi.test.ts checks each against its schema. */
	examples?: { request?: unknown; answer?: unknown };
}

/** A handler answers a success, or returns a failure (an action's, or its own 404 and 400). */
export type Answer<Code extends ErrorCode> = Response | Failure<Code>;

export type C = RequestContext;

export interface Endpoint<Code extends ErrorCode = ErrorCode> extends Documentation {
	/** Every code the handler itself can answer (its own 404 and 400, then its action's declared
	 *  codes), in the order the document lists them; the codes the pipeline adds (secret, feature
	 *  switch, media types, body size, faults) come from the row (documentedErrors). */
	errors: readonly Code[];
	handle(c: C): Promise<Answer<Code>> | Answer<Code>;
}

/** Loads the resource the path names (`pathUser`: the user of `:user_id`), or null for NOT_FOUND. */
export type PathResource<R> = (c: C) => Promise<R | null>;

/** The `session_id` a credential change keeps signed in: where the call names it (its body, or its
 *  query: a DELETE has no body), and the guard that it is a live session of the user, which the
 *  sessions feature provides (features/sessions/kept-session.ts). */
export interface KeptSession {
	in: "body" | "query";
	isWrong(ctx: AppContext, userId: string, sessionId: string): Promise<boolean>;
}

/** What the endpoint's own pipeline hands its handler: the path's resource when it declares
 *  `resource`, the body parsed with its declared schema when it declares `body`, and the session
 *  to keep (a live session of the user, checked) when it declares `keep`, else null. */
interface Inputs<B extends z.ZodType, Parsed, R> {
	resource: R;
	body: [B] extends [never] ? undefined : unknown extends Parsed ? z.output<B> : Parsed;
	keep: string | null;
}

/** An endpoint before its feature names it: `endpoints()` adds the operationId (its key) and the tag. */
type Draft<Code extends ErrorCode = ErrorCode> = Omit<Endpoint<Code>, "operationId" | "tag">;

type Handle<Input, Code extends ErrorCode> = (c: C, input: Input) => Promise<Answer<Code>> | Answer<Code>;

/**
 * An endpoint: its documentation, the codes its handler answers, and the handler. The endpoint
 * checks what it declares before the handler runs, in the order of API.md section 1: the resource
 * the path names (`resource: pathUser`, the user of `:user_id`; else NOT_FOUND), then the body
 * (`body`: parsed with the documented schema, or `parseWith` where the document shows more than is
 * judged at once; else INVALID_DATA), then the session the call keeps (`keep`: its `session_id`
 * must be a live session of the resource's user, or of `keptBy`'s; else NOT_FOUND, before anything
 * else is judged). Those codes join the declared ones (`errors`, none when absent) at the head of
 * the list. The handler may only return failures of the codes it declares (the compiler checks that).
 */
export function endpoint<const Code extends ErrorCode = never, B extends z.ZodType = never, Parsed = unknown, R = undefined, T = unknown>(
	definition: Omit<Documentation, "operationId" | "tag"> & {
		body?: B;
		parseWith?: z.ZodType<Parsed>;
		resource?: PathResource<R>;
		keep?: KeptSession;
		/** Whose session `keep` must name when it is not the resource's (the user of a request in the body). */
		keptBy?: (c: C, input: NoInfer<Inputs<B, Parsed, R>>) => Promise<string>;
		errors?: readonly Code[];
	} & (
		| { handle: Handle<Inputs<B, Parsed, R>, NoInfer<Code>> }
		/** The common handler, written once here: call the action, answer its value in the wire shape
		 *  of the success (204 when there is none to return), or its failure. */
		| { act: (ctx: AppContext, input: Inputs<B, Parsed, R>, c: C) => Promise<{ ok: true; value: T } | Failure<NoInfer<Code>>>; success: ShapedSuccess<T> | EmptySuccess }
	),
): Draft<Code | "NOT_FOUND" | "INVALID_DATA"> {
	const { resource: load, parseWith, keep, keptBy = ownerOfResource, errors = [], ...rest } = definition;
	const { handle, documentation } = handlerOf(rest);
	const schema: z.ZodType | undefined = parseWith ?? definition.body;
	const own: ErrorCode[] = [];
	if (load !== undefined) own.push("NOT_FOUND");
	if (schema !== undefined) own.push("INVALID_DATA");
	if (keep !== undefined) own.push("NOT_FOUND");
	return {
		...documentation,
		errors: [...new Set([...own, ...errors])] as (Code | "NOT_FOUND" | "INVALID_DATA")[],
		async handle(c) {
			const input: { resource: unknown; body: unknown; keep: string | null } = { resource: undefined, body: undefined, keep: null };
			if (load !== undefined) {
				const found = await load(c);
				if (found === null) return fail("NOT_FOUND");
				input.resource = found;
			}
			if (schema !== undefined) {
				input.body = parseBody(c, schema);
				if (input.body === null) return fail("INVALID_DATA");
			}
			if (keep !== undefined) {
				const named = keep.in === "query" ? c.req.query("session_id") : (input.body as { session_id?: string }).session_id;
				if (named !== undefined && (await keep.isWrong(c.get("ctx"), await keptBy(c, input as Inputs<B, Parsed, R>), named))) return fail("NOT_FOUND");
				input.keep = named ?? null;
			}
			return handle(c, input as Inputs<B, Parsed, R>);
		},
	};
}

/** The user a kept session must belong to by default: the path's (`resource: pathUser`). */
async function ownerOfResource(_c: C, input: { resource: unknown }): Promise<string> {
	return (input.resource as { id: string }).id;
}

/** The handler an endpoint declares, or the one its `act` and success make; and the rest, its documentation. */
function handlerOf<Input, Code extends ErrorCode>(
	declared: Omit<Documentation, "operationId" | "tag"> & (
		| { handle: Handle<Input, Code> }
		| { act: (ctx: AppContext, input: Input, c: C) => Promise<{ ok: true; value: unknown } | Failure<Code>>; success: ShapedSuccess<never> | EmptySuccess }
	),
): { handle: Handle<Input, Code>; documentation: Omit<Documentation, "operationId" | "tag"> } {
	if ("handle" in declared) {
		const { handle, ...documentation } = declared;
		return { handle, documentation };
	}
	const { act, ...documentation } = declared;
	const shape = "shape" in declared.success ? (declared.success.shape as { json(value: unknown): unknown }) : undefined;
	return {
		documentation,
		handle: async function answerAction(c, input) {
			const result = await act(c.get("ctx"), input, c);
			return shape === undefined ? noContentOr(result) : answerWith(result, shape);
		},
	};
}

/** The success of an endpoint that answers one value in the wire shape `shape`. */
export function returns<T>(shape: { json(value: T): unknown; schema: Model }, description: string): ShapedSuccess<T> {
	return { status: 200, description, model: shape.schema, shape };
}

/** An endpoint that answers the resource its path names (`resource`) in the wire shape `answer`:
 *  `says` describes it, `example` is the document's. */
export function answersResource<R>(definition: {
	summary: string;
	description?: string;
	answer: { json(value: R): unknown; schema: Model };
	says: string;
	resource: PathResource<R>;
	example: unknown;
}): Draft<"NOT_FOUND" | "INVALID_DATA"> {
	const { answer, says, example, ...rest } = definition;
	return endpoint({ ...rest, examples: { answer: example }, success: returns(answer, says), handle: (_c, { resource }) => Response.json(answer.json(resource)) });
}

/** An endpoint that answers what `list` finds for the resource its path names, each in the wire
 *  shape `answer`: `says` describes the list, `example` is one of its items in the document. */
export function answersList<R, T>(definition: {
	summary: string;
	description?: string;
	answer: { json(value: T): unknown; schema: Model };
	says: string;
	resource: PathResource<R>;
	example: unknown;
	list: (ctx: AppContext, resource: R) => Promise<readonly T[]>;
}): Draft<"NOT_FOUND" | "INVALID_DATA"> {
	const { answer, says, example, list, ...rest } = definition;
	return endpoint({
		...rest,
		examples: { answer: [example] },
		success: returnsList(answer, says),
		handle: async (c, { resource }) => Response.json((await list(c.get("ctx"), resource)).map(answer.json)),
	});
}

/** The success of an endpoint that answers a list of values in the wire shape `shape`. */
export function returnsList(shape: { schema: Model }, description: string): Success {
	return { status: 200, description, model: shape.schema, list: true };
}

/** The success of an endpoint that has nothing to return (204). */
export function returnsNothing(description: string): EmptySuccess {
	return { status: 204, description };
}

/** A feature's endpoints under one tag, each named by its key (the OpenAPI operationId). */
export function endpoints<const Drafts extends Record<string, Draft>>(tag: Tag, drafts: Drafts): { [Name in keyof Drafts]: Drafts[Name] & { operationId: Name; tag: Tag } } {
	const named: Record<string, Endpoint> = {};
	for (const [operationId, draft] of Object.entries(drafts)) named[operationId] = { operationId, tag, ...draft };
	return named as { [Name in keyof Drafts]: Drafts[Name] & { operationId: Name; tag: Tag } };
}
