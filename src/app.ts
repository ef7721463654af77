// createApp(deps): the service: its request pipeline (the shared checks, each row's endpoint, the
// error mapping, the request line and metrics) over the route table, and the console when it is on.
import type { SessionSettings } from "./features/sessions/settings.ts";
import { getPath } from "hono/utils/url";
import { createClientIpReport } from "./client-ip-report.ts";
import { createLimitRefusalReport, type LimitRefusalReport } from "./limit-refusal-report.ts";
import { errorCodeOf, errorResponse, failureResponse, unavailableResponse } from "./errors.ts";
import { createConsoleRoutes, isConsolePath } from "./features/console/routes.ts";
import { clientClosed, clientClosedCodeOf, clientClosedResponse } from "./http/client-closed.ts";
import type { AppContext } from "./http/env.ts";
import { PipelineContext, RequestView, type RequestContext } from "./http/request-context.ts";
import { createRouter, type Match } from "./http/router.ts";
import type { LeakCheck } from "./leak-check/index.ts";
import { invalidDataOf } from "./lib/invalid-data.ts";
import { HashingUnavailableError, type Hasher } from "./lib/password-hash.ts";
import { createLimits, DEFAULT_LIMITS, PER_USER_RULES, RULES, type LimitObserver, type LimitSettings } from "./limits.ts";
import type { LogFields, Logger } from "./log.ts";
import type { Metrics } from "./metrics.ts";
import { closeIfBodyUnread } from "./middleware/close-unread-body.ts";
import { checkMediaTypes } from "./middleware/media-type.ts";
import { featureOff } from "./middleware/feature-switch.ts";
import { readBody } from "./middleware/read-body.ts";
import { secretCheck } from "./middleware/require-secret.ts";
import { ROUTES } from "./routes.ts";
import { DEFAULT_BODY_LIMIT, type Feature } from "./http/route.ts";
import { newEvent, recordEvent } from "./features/events/actions.ts";
import type { Storage } from "./stores/index.ts";
import type { PasskeyConfig } from "./config.ts";
import { createIdentityProviders, type IdentityProviders } from "./features/identity-providers/protocol.ts";

interface AppDeps {
	/** The database: SQLite (limits in memory) or PostgreSQL (limits shared by every instance). */
	storage: Storage;
	/** Every accepted API secret (more than one while rotating). */
	secrets: readonly string[];
	leakCheck: LeakCheck;
	log: Logger;
	metrics: Metrics;
	hasher: Hasher;
	/** The limits in force (--limit); the contract's figures when absent. */
	limits?: LimitSettings;
	/** Milliseconds since the Unix epoch. */
	now?: () => number;
	/** Null (or absent): passkeys are off. */
	passkeys?: PasskeyConfig | null;
	/** Serve the operator's console under /console/ (--console; API.md section 12). */
	console?: boolean;
	/** Session timeouts and the per-user cap (API.md section 13); the defaults when absent. */
	sessions?: SessionSettings;
	/** The identity providers (--identity-providers, API.md section 16); none when absent. */
	identityProviders?: IdentityProviders;
}

// A caller's request id is kept when it looks like one (a UUID, a trace id, a ULID); anything else
// is replaced, so that no value of the caller's choosing reaches the log unchecked.
const REQUEST_ID = /^[A-Za-z0-9._:\/+=@-]{1,128}$/;

/** The caller's X-Request-Id, or a new one; echoed back, and on the request's log line. A new one
 *  is crypto.randomUUID(): in Bun it costs less than a counter behind a per-process prefix
 *  (measured: docs/benchmarks.md, "The hot path"), so it stays. */
function requestIdOf(given: string | null): string {
	return given !== null && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** Refusals are counted and logged (limit-refusal-report.ts); a key that becomes blocked is a
 *  security event, except the hashing bucket's, which empties and refills every few seconds under
 *  ordinary use. The event names the
 *  blocked key and the other party of the call that blocked it (null when the call had none).
 *  `ctx` is asked for only once a block happens, after the context exists. */
function observeLimits(refusals: LimitRefusalReport, ctx: () => AppContext): LimitObserver {
	return {
		refused: (limit) => refusals.refused(limit),
		async blocked(limit, key, party) {
			if (limit === RULES.passwordHashing.name) return;
			const context = ctx();
			const event = PER_USER_RULES.has(limit)
				? newEvent(context, "user_blocked", { userId: key, clientIp: party.clientIp, data: { limit } })
				: newEvent(context, "address_blocked", { userId: party.userId, clientIp: key, data: { limit } });
			await recordEvent(context, event);
		},
	};
}

/** The leak check, with each verdict counted (an unreachable range API is counted where it is
 *  noticed: see server.ts). With --leak-check off nothing is checked, so nothing is counted. */
function countedLeakCheck(leakCheck: LeakCheck, metrics: Metrics): LeakCheck {
	if (leakCheck.off === true) return leakCheck;
	// A password is counted once, by its last verdict: weak where a list or the API holds it,
	// passed once the API (or, offline, nothing more) has been asked.
	return {
		online: leakCheck.online,
		// A correct password checked again at sign-in (API.md section 15) is no verdict on a new
		// password: counted by its own metric (holm_users_password_leaked), not here.
		recheckLocally: (password) => leakCheck.isLeakedLocally(password),
		isLeakedLocally(password) {
			const leaked = leakCheck.isLeakedLocally(password);
			if (leaked) metrics.leakCheck("weak");
			return leaked;
		},
		async isLeakedOnline(password) {
			const leaked = await leakCheck.isLeakedOnline(password);
			metrics.leakCheck(leaked ? "weak" : "passed");
			return leaked;
		},
	};
}

/** The route label of a request no row of the API answers (a 404, the console): the catch-all's. */
const NO_ROUTE = "/*";

/** What Bun.serve calls for each request (`server` is the Bun server, which the console asks for
 *  the peer's address), and what tests call in-process. */
export interface RequestHandler {
	fetch(request: Request, server?: unknown): Promise<Response>;
}

export interface App {
	app: RequestHandler;
	ctx: AppContext;
	/** Resolves once no request is being handled. The listener's stop waits only for requests
	 *  whose client is still connected; the database must stay open for the others too. */
	idle(): Promise<void>;
}

export function createApp(deps: AppDeps): App {
	const now = deps.now ?? Date.now;
	const limitRefusals = createLimitRefusalReport(deps.metrics, deps.log, now, deps.limits ?? DEFAULT_LIMITS);
	const ctx: AppContext = {
		storage: deps.storage,
		now,
		stores: deps.storage.stores,
		limits: createLimits(deps.storage.limitStore, observeLimits(limitRefusals, () => ctx), deps.limits ?? DEFAULT_LIMITS),
		leakCheck: countedLeakCheck(deps.leakCheck, deps.metrics),
		hasher: deps.hasher,
		log: deps.log,
		metrics: deps.metrics,
		clientIpReport: createClientIpReport(deps.metrics, deps.log, now),
		limitRefusals,
		passkeys: deps.passkeys ?? null,
		identityProviders: deps.identityProviders ?? createIdentityProviders([]),
		sessions: deps.sessions,
	};
	const featuresOff = new Set<Feature>(ctx.passkeys === null ? ["passkeys"] : []);
	const router = createRouter(ROUTES);
	const checkSecret = secretCheck(deps.secrets);
	// The console takes its own session, never the secret, and checks its own requests.
	const consoleRoutes = deps.console === true ? createConsoleRoutes(ctx) : null;
	let handling = 0;
	let whenIdle: (() => void)[] = [];

	/** Every request: its row, the shared checks, its endpoint, then the request line and metrics.
	 *  One function, not a chain of middleware: each layer cost a promise and a dispatch. */
	async function handleRequest(request: Request, server: unknown): Promise<Response> {
		handling++;
		const started = performance.now();
		const method = request.method;
		const headers = request.headers;
		const requestId = requestIdOf(headers.get("X-Request-Id"));
		let route = NO_ROUTE;
		let c: RequestContext | null = null;
		try {
			let response: Response;
			try {
				const path = getPath(request);
				const match = consoleRoutes !== null && isConsolePath(path) ? null : router.match(method, path);
				if (match === null) {
					response = await consoleRoutes!.fetch(request, server);
				} else {
					if (match.kind !== "none") route = match.path.pattern;
					c = new PipelineContext(new RequestView(request, headers, path, match.kind === "row" ? match.params : {}), ctx);
					response = await answerThroughPipeline(c, match);
				}
			} catch (error) {
				response = answerUnknownError(error, request, requestId, route);
			}
			if (c !== null) closeIfBodyUnread(c, response);
			response.headers.set("X-Request-Id", requestId);
			logRequest(request, route, requestId, response, (performance.now() - started) / 1000);
			// Answered by the GET row, without its body (as Hono did).
			return method === "HEAD" ? new Response(null, response) : response;
		} finally {
			if (--handling === 0) {
				for (const resolve of whenIdle) resolve();
				whenIdle = [];
			}
		}
	}

	/** Order matters (API.md section 1): secret, media type, body size; then each route's 404, body
	 *  validation and limits. A feature that is off refuses right after the secret. What applies is
	 *  read from the row the request matched (src/routes.ts), never from the path; a path without
	 *  the method, or no path of the API, goes through the same checks before its 405 or 404. */
	async function answerThroughPipeline(c: RequestContext, match: Match): Promise<Response> {
		const row = match.kind === "row" ? match.row : null;
		const refused =
			checkSecret(c, row) ??
			(match.kind === "none" ? null : featureOff(match.path.feature, featuresOff)) ??
			checkMediaTypes(c) ??
			// Only a POST has a body to read: the other methods go on without waiting a turn for it.
			(c.req.method === "POST" ? await readBody(c, row?.bodyLimit ?? DEFAULT_BODY_LIMIT) : null);
		if (refused !== null) return refused;
		if (row !== null) {
			// Awaited here rather than in an async helper of its own: that was one more promise
			// and turn of the microtask queue for every answer.
			const answered = await row.endpoint.handle(c);
			return answered instanceof Response ? answered : failureResponse(answered);
		}
		if (match.kind === "none") return errorResponse("NOT_FOUND");
		const response = errorResponse("METHOD_NOT_ALLOWED");
		response.headers.set("Allow", match.path.allow);
		return response;
	}

	function logRequest(request: Request, route: string, requestId: string, response: Response, seconds: number): void {
		const method = request.method;
		const status = response.status;
		// Every error answer (errors.ts) and the stand-in of a client that left (499) is 400 or more:
		// a success is looked up in neither of their weak maps.
		const error = status < 400 ? null : (errorCodeOf(response) ?? clientClosedCodeOf(response));
		deps.metrics.request(route, method, status, error, seconds);
		const fields: LogFields = { request_id: requestId, method, route, status, error, ms: Math.round(seconds * 10_000) / 10 };
		// The field and the problem of a body that did not fit, never its value (lib/invalid-data.ts).
		const invalid = error === "INVALID_DATA" ? invalidDataOf(request) : undefined;
		if (invalid !== undefined) {
			fields.field = invalid.field;
			fields.problem = invalid.problem;
		}
		// Probes and scrapes come every few seconds and say nothing new: their lines are for
		// --log-level debug. A 500 is a fault to look into: its line is at error level, beside the
		// "request failed" line that says why.
		if (status === 500) deps.log.error("request", fields);
		else if (route === "/health" || route === "/metrics") deps.log.debug?.("request", fields);
		else deps.log.info("request", fields);
	}

	function answerUnknownError(error: unknown, request: Request, requestId: string, route: string): Response {
		const failure = error instanceof Error ? error : new Error(String(error));
		// A handler that was still reading from a client that left (see http/client-closed.ts).
		if (failure.name === "AbortError" && clientClosed(request)) return clientClosedResponse();
		if (failure instanceof HashingUnavailableError) {
			deps.metrics.hashingRejected();
			return unavailableResponse();
		}
		const timedOut = deps.storage.timeoutReason(failure);
		if (timedOut !== null) {
			// Not a fault here: another instance holds what this request needs, or the database is
			// overloaded or out of reach. Worth a warning, and the caller may try again shortly.
			deps.log.warn("the database did not answer in time", { request_id: requestId, method: request.method, route, reason: timedOut });
			return unavailableResponse();
		}
		// The message names the failing operation; request bodies (passwords, codes) never reach it.
		deps.log.error("request failed", { request_id: requestId, method: request.method, route, error: failure.name, reason: failure.message });
		return errorResponse("UNKNOWN_ERROR");
	}

	return {
		app: { fetch: handleRequest },
		ctx,
		idle: () => (handling === 0 ? Promise.resolve() : new Promise((resolve) => whenIdle.push(resolve))),
	};
}
