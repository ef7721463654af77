// An id that is not a Holm id never leaves the client: every path parameter of every operation in the
// document, given `..`, `/`, `%2e` and the like, rejects with a TypeError naming the parameter, and
// a listener that records every request it gets sees none of them. Without the check, fetch resolves
// `listUserEvents("..")` to GET /events and `deleteUser("..")` to DELETE /.
import { afterAll, expect, test } from "bun:test";
import { createHolmClient, isHolmId } from "../../client/src/index.ts";
import { ROUTES } from "../../src/routes.ts";
import { buildOpenApiDocument } from "../../src/openapi/document.ts";

const ID = "eeidmqmvdtjhaddujv8twjug";
const ID_RULE = "^[a-km-np-z2-9]{24}$";
const BAD_IDS = ["..", ".", "/", "?", "#", "%2e", "%2e%2e", "", `../users/${ID}/unblock?`, ID.toUpperCase(), ID.slice(1), `${ID}a`, `${ID}\n`];

const document = buildOpenApiDocument(ROUTES) as any;

interface PathOperation {
	operationId: string;
	method: string;
	path: string;
	parameters: string[];
}

/** Every operation whose path has parameters, with their names in the order of the path. */
function pathOperations(): PathOperation[] {
	const found: PathOperation[] = [];
	for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>)) {
		const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
		if (parameters.length === 0) continue;
		for (const [method, operation] of Object.entries(item)) found.push({ operationId: operation.operationId, method, path, parameters });
	}
	return found;
}

/** The path parameters with a valid id in each, but `value` in `bad`. */
function pathValues(parameters: string[], bad: string, value: string): Record<string, string> {
	return Object.fromEntries(parameters.map((name) => [name, name === bad ? value : ID]));
}

// Answers every request NOT_FOUND, and remembers it.
const received: string[] = [];
const listener = Bun.serve({
	hostname: "127.0.0.1",
	port: 0,
	fetch(request) {
		received.push(`${request.method} ${new URL(request.url).pathname}`);
		return Response.json({ error: "NOT_FOUND" }, { status: 404 });
	},
});
afterAll(() => listener.stop(true));

const holm = createHolmClient({ url: `http://127.0.0.1:${listener.port}`, secret: "secret-of-the-recorder" });
const { api, ...methods } = holm;

async function refusal(pending: Promise<unknown>): Promise<unknown> {
	return pending.then(
		() => new Error("resolved"),
		(error: unknown) => error,
	);
}

test("every path parameter in the document is a Holm id, the one rule the client checks", () => {
	let described = 0;
	for (const item of Object.values(document.paths) as Record<string, any>[]) {
		for (const operation of Object.values(item)) {
			for (const parameter of operation.parameters ?? []) {
				const resolved = parameter.$ref === undefined ? parameter : document.components.parameters[parameter.$ref.split("/").pop()];
				if (resolved.in !== "path") continue;
				// A parameter of another form needs its own rule in client/src/path.ts and holm_client/_path.py.
				expect(resolved.schema, `${operation.operationId} ${resolved.name}`).toMatchObject({ type: "string", pattern: ID_RULE, minLength: 24, maxLength: 24 });
				described++;
			}
		}
	}
	const inPaths = pathOperations().reduce((sum, operation) => sum + operation.parameters.length, 0);
	expect(inPaths).toBeGreaterThan(30);
	expect(described).toBe(inPaths);
});

test("a value that is not a Holm id, in any path parameter of any method, is a TypeError and no request", async () => {
	received.length = 0;
	let tried = 0;
	for (const { operationId, parameters } of pathOperations()) {
		const call = methods[operationId as keyof typeof methods] as (...args: unknown[]) => Promise<unknown>;
		expect(call, operationId).toBeFunction();
		for (const parameter of parameters) {
			for (const value of BAD_IDS) {
				const args = [...Object.values(pathValues(parameters, parameter, value)), {}];
				const error = await refusal(call(...args));
				expect(error, `${operationId}(${JSON.stringify(value)})`).toBeInstanceOf(TypeError);
				expect((error as Error).message).toBe(`${parameter} must be a Holm id (24 characters of abcdefghijkmnpqrstuvwxyz23456789)`);
				tried++;
			}
		}
	}
	expect(tried).toBeGreaterThan(30 * BAD_IDS.length);
	expect(received).toEqual([]);
});

test("the openapi-fetch client underneath (holm.api) refuses them the same way", async () => {
	received.length = 0;
	for (const { operationId, method, path, parameters } of pathOperations()) {
		const send = (api as any)[method.toUpperCase()] as (path: string, init: object) => Promise<unknown>;
		for (const parameter of parameters) {
			for (const value of BAD_IDS) {
				const error = await refusal(send(path, { params: { path: pathValues(parameters, parameter, value) }, body: {} }));
				expect(error, `${operationId}(${JSON.stringify(value)})`).toBeInstanceOf(TypeError);
			}
		}
		// A parameter left out is no id either.
		expect(await refusal(send(path, { params: { path: {} }, body: {} })), operationId).toBeInstanceOf(TypeError);
	}
	expect(received).toEqual([]);
});

test("isHolmId tells beforehand", () => {
	expect(isHolmId(ID)).toBe(true);
	for (const value of [...BAD_IDS, undefined, null, 24]) expect(isHolmId(value), JSON.stringify(value)).toBe(false);
});

test("a Holm id goes through, escaped, to the listener (which would have seen the others)", async () => {
	received.length = 0;
	const error = await refusal(holm.listUserEvents(ID));
	expect(error).toMatchObject({ name: "HolmError", code: "NOT_FOUND", status: 404 });
	expect(received).toEqual([`GET /users/${ID}/events`]);
});
