// Each operation documents exactly the errors it answers. The scenarios of the codes an endpoint
// answers itself live beside its feature's tests: each feature's test file (test/features/users.test.ts,
// sessions.test.ts, …; GET /health's in test/http/rules.test.ts, GET /metrics's in
// test/service/metrics.test.ts) calls documentedErrorsOf (test/support/documented-errors.ts) with a
// table of scenarios for every operation of its feature, and checks what its own server recorded. This file
// keeps what is about every route: the codes the shared pipeline answers whatever the endpoint
// (media types, the secret, the body's size, the passkeys switch), driven on every route and read
// back from what the app recorded for each (its request metrics, by route pattern, method and
// error); the rule that a row naming a limit documents TOO_MANY_REQUESTS; a self-test of the
// checks; and that every feature whose endpoints src/routes.ts serves has its table somewhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Endpoint } from "../../src/http/endpoint.ts";
import { documentedErrors, type Route } from "../../src/http/route.ts";
import { ROUTES } from "../../src/routes.ts";
import {
	answeredCodes,
	pipelineCodes,
	pipelineScenarios,
	recordedErrors,
	scenarioCodes,
	unansweredDocumented,
	undocumentedAnswers,
	UNKNOWN,
} from "../support/documented-errors.ts";
import { RP } from "../support/passkeys.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const root = join(import.meta.dir, "..", "..");

let server: TestServer;
let off: TestServer;

beforeAll(async () => {
	server = await startTestServer({ passkeys: RP });
	off = await startTestServer();
});
afterAll(async () => {
	await server.stop();
	await off.stop();
});

describe("every code of the pipeline, by route", () => {
	for (const route of ROUTES) {
		const id = route.endpoint.operationId;
		test(`${route.method} ${route.path} (${id})`, async () => {
			for (const [code, call] of pipelineScenarios(route, server, off)) {
				const answer = await call();
				expect(answer.body?.error, `${id}: ${code}`).toBe(code);
			}
		});
	}
});

/** What both servers recorded, by "METHOD pattern". */
async function allAnswered(): Promise<Map<string, Set<string>>> {
	const answered = new Map<string, Set<string>>();
	for (const target of [server, off]) {
		for (const [key, codes] of answeredCodes(await recordedErrors(target))) answered.set(key, new Set([...(answered.get(key) ?? []), ...codes]));
	}
	return answered;
}

/** The src/features/<feature>/handlers.ts files whose endpoints src/routes.ts serves, with those endpoints. */
const FEATURES = await Promise.all(
	Array.from(new Bun.Glob("src/features/*/handlers.ts").scanSync({ cwd: root }), async (path) => {
		const handlers: Record<string, Endpoint> = (await import(join(root, path))).default ?? {};
		return { path, endpoints: Object.values(handlers) };
	}),
).then((features) => features.filter((feature) => ROUTES.some((route) => feature.endpoints.includes(route.endpoint))).sort((a, b) => a.path.localeCompare(b.path)));

describe("the documented errors are the answered ones", () => {
	test("no route answered a code its operation does not document", async () => {
		expect(undocumentedAnswers(ROUTES, await allAnswered())).toEqual([]);
	});

	test("every code the pipeline scenarios of a route reach was recorded for that route", async () => {
		expect(unansweredDocumented(ROUTES, await allAnswered(), pipelineCodes)).toEqual([]);
	});

	test("a route no feature serves (GET /openapi.json) documents no code but the pipeline's and the faults", async () => {
		const outside = ROUTES.filter((route) => !FEATURES.some((feature) => feature.endpoints.includes(route.endpoint)));
		expect(outside.map((route) => route.endpoint.operationId)).toEqual(["getOpenApi"]);
		expect(unansweredDocumented(outside, await allAnswered(), documentedErrors)).toEqual([]);
	});

	test("a row that names a limit documents TOO_MANY_REQUESTS, and only such a row", () => {
		// code-attempts deletes a request at its 5th wrong code: it never answers TOO_MANY_REQUESTS.
		const mismatched = ROUTES.filter((route) => {
			const refuses = (route.limits ?? []).some((limit) => limit !== "code-attempts");
			return refuses !== documentedErrors(route).includes("TOO_MANY_REQUESTS");
		}).map((route) => `${route.method} ${route.path}`);
		expect(mismatched).toEqual([]);
	});

	test("a code answered but not documented, or documented but never answered, is reported", async () => {
		const getUser = ROUTES.find((route) => route.endpoint.operationId === "getUser")!;
		expect((await server.request("GET", `/users/${UNKNOWN}`)).body).toEqual({ error: "NOT_FOUND" });
		const answered = await allAnswered();
		// GET /users/{user_id} documenting no NOT_FOUND, then documenting INCORRECT_CODE as well:
		// the two checks a feature's documentedErrorsOf makes of its routes.
		const withoutNotFound = (route: Route) => documentedErrors(route).filter((code) => route !== getUser || code !== "NOT_FOUND");
		const withIncorrectCode = (route: Route) => [...documentedErrors(route), ...(route === getUser ? (["INCORRECT_CODE"] as const) : [])];
		expect(undocumentedAnswers(ROUTES, answered, withoutNotFound)).toEqual(["GET /users/:user_id NOT_FOUND"]);
		expect(unansweredDocumented([getUser], answered, (route) => scenarioCodes(route, withIncorrectCode))).toEqual(["GET /users/:user_id INCORRECT_CODE"]);
		// Only what a call got since an earlier reading counts as answered by the calls between.
		const before = await recordedErrors(server);
		expect(answeredCodes(await recordedErrors(server), before).size).toBe(0);
		await server.request("GET", `/users/${UNKNOWN}`);
		expect(answeredCodes(await recordedErrors(server), before)).toEqual(new Map([["GET /users/:user_id", new Set(["NOT_FOUND"])]]));
	});

	test("every feature whose endpoints src/routes.ts serves has its scenario tables in a test file (documentedErrorsOf)", () => {
		// Read from the test files' text, not recorded as they run: each test file runs alone (bun
		// test of one file, or the runner's worker processes, each with a share of the files), so a
		// record of the calls made while the tests run would miss the files of other runs.
		const tests = Array.from(new Bun.Glob("test/**/*.test.ts").scanSync({ cwd: root }), (path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
		const missing = FEATURES.filter(({ path }) => {
			const module = new RegExp(`import\\s+(\\w+)\\s+from\\s+"(?:\\.\\./)+${path.replaceAll(".", "\\.")}"`);
			return !tests.some(({ text }) => {
				const name = module.exec(text)?.[1];
				return name !== undefined && new RegExp(`documentedErrorsOf\\(\\s*${name}\\b`).test(text);
			});
		}).map(({ path }) => path);
		expect(missing).toEqual([]);
	});
});
