// Each operation documents exactly the errors it answers (docs/errors.md). A feature's test file
// drives each of its endpoints into each code the endpoint answers itself, with one scenario table
// per operation (documentedErrorsOf below, typed by the feature's endpoints, so the compiler wants
// a table for every operation); test/http/documented-errors.test.ts drives every route into the
// codes the shared pipeline answers whatever the endpoint (pipelineScenarios). Both read the codes
// back from what the app itself recorded for each route (its request metrics, by route pattern,
// method and error) and compare them with documentedErrors(row), the list the OpenAPI document
// gives: a code a route answered but does not document fails (the compiler refuses it as well: an
// endpoint returns only failures of the codes it declares), and so does a documented code that no
// scenario reaches.
import { beforeAll, describe, expect, test } from "bun:test";
import type { ErrorCode } from "../../src/errors.ts";
import type { Endpoint } from "../../src/http/endpoint.ts";
import { documentedErrors, type Route } from "../../src/http/route.ts";
import { ROUTES } from "../../src/routes.ts";
import { createUser, SECRET, type Answer, type TestServer } from "./server.ts";

/** Faults any endpoint may give, reached by tests of their own (security/unknown-error-leaks-nothing,
 *  security/overload-answers-unavailable), not by a scenario of each route. */
export const FAULTS: readonly ErrorCode[] = ["UNKNOWN_ERROR", "UNAVAILABLE"];

/** An id no resource has. */
export const UNKNOWN = "abcdefghijkmnpqrstuvwxyz";
/** A password in the leaked list (WEAK_PASSWORD). */
export const LEAKED = "12345678";

/** A code, and a call that gets it. */
export type Scenario = readonly [ErrorCode, () => Promise<Answer>];

let addresses = 0;

/** A client_ip no scenario shared before, so one scenario's limits never refuse another's calls
 *  (nor a test's: the tests' own addresses are in 192.0.2.0/24, 203.0.113.0/24 and 198.51.100.0/24). */
export function freshIp(): string {
	addresses++;
	return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/** The answer of the last of `n` calls. */
export async function last(n: number, call: () => Promise<Answer>): Promise<Answer> {
	let answer!: Answer;
	for (let i = 0; i < n; i++) answer = await call();
	return answer;
}

/** An address blocked on `server` for incorrect passwords (5 in 15 minutes). */
export async function blockedIp(server: TestServer): Promise<string> {
	const ip = freshIp();
	const user = await createUser(server);
	await last(5, () => server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong password", client_ip: ip }));
	return ip;
}

/** A user an operator disabled on `server`; their password is STRONG_PASSWORD. */
export async function disabledUser(server: TestServer): Promise<{ id: string; email: string | null }> {
	const user = await createUser(server);
	expect((await server.request("POST", `/users/${user.id}/disable`, { reason: "a scenario" })).status).toBe(200);
	return user;
}

/** Requests to one server, with the secret. */
export interface Calls {
	post(path: string, body?: unknown): Promise<Answer>;
	get(path: string): Promise<Answer>;
	del(path: string): Promise<Answer>;
}

/** Calls to the server `server()` gives when they are made (a file's server starts in its beforeAll). */
export function callsTo(server: () => TestServer): Calls {
	return {
		post: (path, body) => server().request("POST", path, body),
		get: (path) => server().request("GET", path),
		del: (path) => server().request("DELETE", path),
	};
}

/** A scenario table: for each operation of a feature, the codes its endpoint answers itself, each
 *  with a call that gets it (`[]` for an operation that answers only the pipeline's). */
export type ScenarioTable<Handlers> = { readonly [OperationId in keyof Handlers]: readonly Scenario[] };

/**
 * Registers the documented-error tests of one feature, on the server of the file that calls it:
 * one test per operation of `handlers` (the feature's `endpoints(…)`, keyed by operationId) that
 * runs its scenarios, each of which must answer its code; then a test of what the server recorded:
 * no route answered a code its operation does not document (whichever test of the file, or call on
 * the way to a scenario, got it), and each of the feature's routes answered these scenarios every
 * code it documents but the faults and the codes the pipeline scenarios of
 * test/http/documented-errors.test.ts reach.
 */
export function documentedErrorsOf<Handlers extends Record<string, Endpoint>>(
	handlers: Handlers,
	server: () => TestServer,
	scenarios: (calls: Calls) => ScenarioTable<Handlers>,
): void {
	const operations = Object.keys(handlers);
	const routes = operations.map((id) => {
		const found = ROUTES.find((route) => route.endpoint === handlers[id]);
		if (found === undefined) throw new Error(`documentedErrorsOf: no row of src/routes.ts serves ${id}`);
		return found;
	});
	const table: Record<string, readonly Scenario[]> = scenarios(callsTo(server));
	// The compiler refuses a table without one of the operations; one more (a misspelt name) slips
	// past it in an arrow's answer, so it is refused here, before any test runs.
	const strays = Object.keys(table).filter((id) => !operations.includes(id));
	if (strays.length > 0) throw new Error(`documentedErrorsOf: ${strays.join(", ")} is no operation of ${operations.join(", ")}`);

	describe(`the documented errors of the ${routes[0]?.endpoint.tag} endpoints`, () => {
		let before: Recorded;
		beforeAll(async () => {
			before = await recordedErrors(server());
		});

		for (const route of routes) {
			const id = route.endpoint.operationId;
			test(`${route.method} ${route.path} (${id})`, async () => {
				for (const [code, call] of table[id]!) {
					const answer = await call();
					expect(answer.body?.error, `${id}: ${code}`).toBe(code);
				}
			});
		}

		test("no route answered a code it does not document; these scenarios reached every code but the pipeline's and the faults", async () => {
			const now = await recordedErrors(server());
			expect(undocumentedAnswers(ROUTES, answeredCodes(now))).toEqual([]);
			expect(unansweredDocumented(routes, answeredCodes(now, before), scenarioCodes)).toEqual([]);
		});
	});
}

/** A call every route must answer the same way, whatever the endpoint, where its row says it applies. */
interface PipelineCall {
	code: ErrorCode;
	applies(route: Route): boolean;
	/** On `server` (passkeys on), or on `off` (passkeys off) for the feature switch. */
	call(route: Route, server: TestServer, off: TestServer): Promise<Answer>;
}

function callRoute(route: Route, target: TestServer, body: unknown, headers: Record<string, string>): Promise<Answer> {
	return target.request(route.method, route.path.replace(/:\w+/g, UNKNOWN), body, headers);
}

const PIPELINE: readonly PipelineCall[] = [
	{
		code: "UNSUPPORTED_MEDIA_TYPE",
		applies: () => true,
		call: (route, server) => callRoute(route, server, route.method === "GET" ? undefined : "{}", { "Content-Type": "text/html" }),
	},
	{ code: "NOT_ACCEPTABLE", applies: () => true, call: (route, server) => callRoute(route, server, undefined, { Accept: "text/html" }) },
	{ code: "NOT_AUTHENTICATED", applies: (route) => !route.public, call: (route, server) => callRoute(route, server, undefined, { Authorization: `${SECRET}-wrong` }) },
	{ code: "PAYLOAD_TOO_LARGE", applies: (route) => route.method === "POST", call: (route, server) => callRoute(route, server, "x".repeat(route.bodyLimit + 1), {}) },
	{ code: "NOT_ALLOWED", applies: (route) => route.feature === "passkeys", call: (route, _server, off) => callRoute(route, off, undefined, {}) },
];

/** The calls of the pipeline for `route`: on `server`, passkeys on, and on `off`, passkeys off. */
export function pipelineScenarios(route: Route, server: TestServer, off: TestServer): Scenario[] {
	return PIPELINE.filter((pipeline) => pipeline.applies(route)).map((pipeline) => [pipeline.code, () => pipeline.call(route, server, off)] as const);
}

/** The codes the pipeline scenarios reach for `route`. */
export function pipelineCodes(route: Route): ErrorCode[] {
	return PIPELINE.filter((pipeline) => pipeline.applies(route)).map((pipeline) => pipeline.code);
}

/** The codes of `documented(route)` that a feature's scenarios must reach: all but the pipeline's
 *  (the faults are left aside by unansweredDocumented). */
export function scenarioCodes(route: Route, documented: (route: Route) => ErrorCode[] = documentedErrors): ErrorCode[] {
	return documented(route).filter((code) => !pipelineCodes(route).includes(code));
}

/** What the app recorded: how many answers of each error code, by "METHOD pattern". */
export type Recorded = Map<string, Map<string, number>>;

export async function recordedErrors(target: TestServer): Promise<Recorded> {
	const recorded: Recorded = new Map();
	const text = await target.ctx.metrics.text();
	for (const [, route, method, error, count] of text.matchAll(/^holm_http_requests_total\{route="([^"]*)",method="([^"]*)",status="[0-9]+",error="([^"]*)"\} ([0-9]+)$/gm)) {
		if (error === "") continue;
		const key = `${method} ${route}`;
		const codes = recorded.get(key) ?? new Map<string, number>();
		recorded.set(key, codes.set(error!, (codes.get(error!) ?? 0) + Number(count)));
	}
	return recorded;
}

/** For each "METHOD pattern", the error codes answered (since `before`, when given). */
export function answeredCodes(recorded: Recorded, before: Recorded = new Map()): Map<string, Set<string>> {
	const answered = new Map<string, Set<string>>();
	for (const [key, codes] of recorded) {
		const grown = [...codes].filter(([code, count]) => count > (before.get(key)?.get(code) ?? 0)).map(([code]) => code);
		if (grown.length > 0) answered.set(key, new Set(grown));
	}
	return answered;
}

/** "METHOD path CODE" for each code a route answered that `documented` does not list. */
export function undocumentedAnswers(routes: readonly Route[], answered: Map<string, Set<string>>, documented: (route: Route) => ErrorCode[] = documentedErrors): string[] {
	return routes.flatMap((route) =>
		[...(answered.get(`${route.method} ${route.path}`) ?? [])].filter((code) => !documented(route).includes(code as ErrorCode)).map((code) => `${route.method} ${route.path} ${code}`),
	);
}

/** "METHOD path CODE" for each code of `documented` (faults aside) that no call of the route got. */
export function unansweredDocumented(routes: readonly Route[], answered: Map<string, Set<string>>, documented: (route: Route) => ErrorCode[]): string[] {
	return routes.flatMap((route) =>
		documented(route)
			.filter((code) => !FAULTS.includes(code) && !(answered.get(`${route.method} ${route.path}`)?.has(code) ?? false))
			.map((code) => `${route.method} ${route.path} ${code}`),
	);
}
