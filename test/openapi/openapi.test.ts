// GET /openapi.json: the document covers exactly the routes of src/routes.ts, is a valid OpenAPI 3.1
// document, and its schemas describe what the running server really sends.
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
// Ajv comes with the validator (which uses it for the OpenAPI schemas); here it checks the Schema
// Objects themselves, which the OpenAPI 3.1 schema leaves unchecked, and real answers against them.
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../../src/errors.ts";
import { emailUpdateRequestAnswer } from "../../src/features/email-update/schemas.ts";
import { emailVerificationRequestAnswer } from "../../src/features/email-verification/schemas.ts";
import { passwordResetRequestAnswer } from "../../src/features/password-reset/schemas.ts";
import { totpCredentialAnswer } from "../../src/features/two-factor/schemas.ts";
import { userAnswer } from "../../src/features/users/schemas.ts";
import { buildOpenApiDocument, documentedSchemas, openApiPath } from "../../src/openapi/document.ts";
import { ROUTES } from "../../src/routes.ts";
import { passkeyAnswer } from "../../src/features/passkeys/schemas.ts";
import { authenticator, RP, signIn } from "../support/passkeys.ts";
import { authenticatorCode, createUser, SECRET, STRONG_PASSWORD, uniqueEmail, serverForThisFile } from "../support/server.ts";

// Fails to type-check (bunx tsc) when what a handler sends and its documented model drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const shapesAgree: [
	Same<ReturnType<typeof userAnswer.json>, z.output<typeof userAnswer.schema>>,
	Same<ReturnType<typeof passwordResetRequestAnswer.json>, z.output<typeof passwordResetRequestAnswer.schema>>,
	Same<ReturnType<typeof emailVerificationRequestAnswer.json>, z.output<typeof emailVerificationRequestAnswer.schema>>,
	Same<ReturnType<typeof emailUpdateRequestAnswer.json>, z.output<typeof emailUpdateRequestAnswer.schema>>,
	Same<ReturnType<typeof totpCredentialAnswer.json>, z.output<typeof totpCredentialAnswer.schema>>,
] = [true, true, true, true, true];
void shapesAgree;
const passkeyShapesAgree: Same<ReturnType<typeof passkeyAnswer.json>, z.output<typeof passkeyAnswer.schema>> = true;
void passkeyShapesAgree;

const document = buildOpenApiDocument(ROUTES) as any;
const METHODS = ["get", "post", "delete", "put", "patch", "head", "options", "trace"];

/** Routes the document covers before src/routes.ts has a line for them. */
const PLANNED: readonly (readonly [string, string])[] = [["GET", "/openapi.json"]];

function operationKey(method: string, path: string): string {
	return `${method.toUpperCase()} ${path}`;
}

function documentedOperations(doc: any): string[] {
	return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
		METHODS.filter((method) => item[method] !== undefined).map((method) => operationKey(method, path)),
	);
}

type Row = { method: string; path: string };

function routedOperations(routes: readonly Row[]): string[] {
	const keys = new Set(routes.map(({ method, path }) => operationKey(method, openApiPath(path))));
	for (const [method, path] of PLANNED) keys.add(operationKey(method, path));
	return [...keys];
}

/** Routes without an operation, and operations without a route. */
function mismatches(routes: readonly Row[], doc: any) {
	const routed = routedOperations(routes);
	const documented = documentedOperations(doc);
	return {
		undocumented: routed.filter((key) => !documented.includes(key)),
		unrouted: documented.filter((key) => !routed.includes(key)),
	};
}

/** Every operation as [key, operation object]. */
function operations(doc: any): [string, any][] {
	return Object.entries(doc.paths as Record<string, any>).flatMap(([path, item]) =>
		METHODS.filter((method) => item[method] !== undefined).map((method): [string, any] => [operationKey(method, path), item[method]]),
	);
}

/** A `#/...` reference's target. */
function resolve(doc: any, value: any): any {
	if (typeof value?.$ref !== "string") return value;
	return (value.$ref as string)
		.slice(2)
		.split("/")
		.reduce((node, segment) => node[segment.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
}

/** Every Schema Object in the document: component schemas, and those of parameters, headers and bodies. */
function allSchemas(node: any, found: any[] = []): any[] {
	if (node === null || typeof node !== "object") return found;
	for (const [key, value] of Object.entries(node)) {
		if (key === "schema" && typeof value === "object") found.push(value);
		else allSchemas(value, found);
	}
	return found;
}

describe("completeness", () => {
	test("every route in src/routes.ts has an operation, and every operation has a route", () => {
		expect(mismatches(ROUTES, document)).toEqual({ undocumented: [], unrouted: [] });
	});

	test("a route added without documentation is reported", () => {
		const added = [...ROUTES, { method: "POST", path: "/users/:user_id/widgets" }];
		expect(mismatches(added, document).undocumented).toEqual(["POST /users/{user_id}/widgets"]);
	});

	test("operation ids are unique and every operation has a summary and a tag", () => {
		const all = operations(document).map(([, operation]) => operation);
		expect(new Set(all.map((operation) => operation.operationId)).size).toBe(all.length);
		for (const operation of all) {
			expect(operation.summary).toBeString();
			expect(operation.tags).toHaveLength(1);
		}
	});

	test("each path parameter is declared as a 24-character identifier", () => {
		for (const [key, operation] of operations(document)) {
			const inPath = [...key.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
			const declared = (operation.parameters ?? []).map((p: any) => resolve(document, p)).filter((p: any) => p.in === "path");
			expect(declared.map((p: any) => p.name)).toEqual(inPath);
			for (const parameter of declared) expect(parameter.schema).toMatchObject({ type: "string", minLength: 24, maxLength: 24 });
		}
	});

	test("GET /users documents its query parameters and pagination headers", () => {
		const list = document.paths["/users"].get;
		expect(list.parameters.map((p: any) => p.name)).toEqual(["sort_by", "sort_order", "per_page", "page", "email_query", "email"]);
		expect(Object.keys(list.responses["200"].headers)).toEqual(["X-Pagination-Total", "X-Pagination-Total-Pages"]);
	});

	test("the answers every endpoint can give are there: 406, 415, 500; 401 when secured; 413 on POST", () => {
		for (const [key, operation] of operations(document)) {
			const statuses = Object.keys(operation.responses);
			expect(statuses, key).toContain("406");
			expect(statuses, key).toContain("415");
			expect(statuses, key).toContain("500");
			const secured = operation.security === undefined;
			expect(statuses.includes("401"), key).toBe(secured);
			expect(statuses.includes("413"), key).toBe(key.startsWith("POST "));
			if (key.startsWith("POST ")) expect(operation.requestBody.content["application/json"].schema.$ref, key).toBeString();
		}
		expect(document.paths["/health"].get.security).toEqual([]);
		expect(document.paths["/openapi.json"].get.security).toEqual([]);
		expect(document.paths["/metrics"].get.responses["200"].content["text/plain"]).toBeDefined();
	});

	test("each error answer lists only codes of its status, and TOO_MANY_REQUESTS comes with Retry-After", () => {
		for (const [key, operation] of operations(document)) {
			for (const [status, reference] of Object.entries(operation.responses as Record<string, any>)) {
				const response = resolve(document, reference);
				const codes: ErrorCode[] | undefined = response.content?.["application/json"]?.schema?.properties?.error?.enum;
				if (codes === undefined) continue;
				for (const code of codes) expect(String(ERROR_STATUS[code]), `${key} ${status} ${code}`).toBe(status);
				const limited = codes.includes("TOO_MANY_REQUESTS") || codes.includes("UNAVAILABLE");
				expect(response.headers?.["Retry-After"] !== undefined, `${key} ${status}`).toBe(limited);
			}
		}
	});

	test("every endpoint that uses the database, and only those, can answer 503 UNAVAILABLE", () => {
		// Hashing that cannot start in time, or (PostgreSQL) a database that does not answer in time.
		const unavailable = operations(document)
			.filter(([, operation]) => resolve(document, operation.responses["503"])?.content?.["application/json"]?.schema?.properties?.error !== undefined)
			.map(([key]) => key);
		const service = ["GET /health", "GET /openapi.json", "GET /metrics"];
		expect(unavailable.sort()).toEqual(operations(document).map(([key]) => key).filter((key) => !service.includes(key)).sort());
	});

	test("every operation has an example of its request body and of its success answer", () => {
		for (const [key, operation] of operations(document)) {
			const success = Object.entries(operation.responses as Record<string, any>).find(([status]) => status.startsWith("2"))![1];
			for (const media of Object.values(success.content ?? {}) as any[]) expect(media.example, `${key} answer`).toBeDefined();
			if (operation.requestBody !== undefined) expect(operation.requestBody.content["application/json"].example, `${key} request`).toBeDefined();
		}
	});

	test("servers: Holm at the default --host and --port", () => {
		const [server] = document.servers;
		expect(server.url).toBe("http://{host}:{port}");
		expect(server.description).toBeString();
		expect({ host: server.variables.host.default, port: server.variables.port.default }).toEqual({ host: "127.0.0.1", port: "4000" });
	});

	test("registered_totp is deprecated in favour of totp_registered", () => {
		const user = document.components.schemas.User.properties;
		expect(user.registered_totp).toMatchObject({ type: "boolean", deprecated: true });
		expect(user.registered_totp.description).toContain("totp_registered");
		expect(user.totp_registered.deprecated).toBeUndefined();
	});

	test("405 is described once, with its Allow header, since no operation answers it", () => {
		const response = document.components.responses.METHOD_NOT_ALLOWED;
		expect(response.content["application/json"].schema.properties.error.enum).toEqual(["METHOD_NOT_ALLOWED"]);
		expect(resolve(document, response.headers.Allow)).toMatchObject({ required: true, schema: { type: "string" } });
		expect(document.info.description).toContain("#/components/responses/METHOD_NOT_ALLOWED");
		for (const [key, operation] of operations(document)) expect(operation.responses["405"], key).toBeUndefined();
	});

	test("two builds give the same bytes", () => {
		expect(JSON.stringify(buildOpenApiDocument(ROUTES))).toBe(JSON.stringify(document));
	});
});

describe("component schemas: each model declared once", () => {
	const COMPONENT = "#/components/schemas/";
	const schemas = document.components.schemas as Record<string, any>;

	/** JSON with the keys of every object sorted, so that two equal schemas give the same string. */
	function canonical(value: unknown): string {
		return JSON.stringify(value, (_key, node) =>
			node !== null && typeof node === "object" && !Array.isArray(node) ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => a.localeCompare(b))) : node,
		);
	}

	/** Every object below `node` (not `node` itself), with its JSON pointer. */
	function innerObjects(node: any, pointer: string, found: [string, any][] = []): [string, any][] {
		for (const [key, value] of Object.entries(node)) {
			if (value === null || typeof value !== "object") continue;
			found.push([`${pointer}/${key}`, value]);
			innerObjects(value, `${pointer}/${key}`, found);
		}
		return found;
	}

	/** The schema with every component reference replaced by the component, recursively. */
	function inlined(schema: any): any {
		if (schema === null || typeof schema !== "object") return schema;
		if (Array.isArray(schema)) return schema.map(inlined);
		if (typeof schema.$ref === "string" && schema.$ref.startsWith(COMPONENT)) return inlined(schemas[schema.$ref.slice(COMPONENT.length)]);
		return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value)]));
	}

	test("a model nested in another is a $ref to its component, never a copy (a copy is a second class in every generated client)", () => {
		const named = new Map(Object.entries(schemas).map(([name, schema]) => [canonical(schema), name]));
		const copies = Object.entries(schemas).flatMap(([name, schema]) =>
			innerObjects(schema, name).flatMap(([pointer, inner]) => (named.has(canonical(inner)) ? [`${pointer} copies ${named.get(canonical(inner))}`] : [])),
		);
		expect(copies).toEqual([]);
		expect(schemas.CreatedSession.properties.session).toEqual({ $ref: `${COMPONENT}Session` });
		expect(schemas.ValidatedSession.properties).toMatchObject({ session: { $ref: `${COMPONENT}Session` }, user: { $ref: `${COMPONENT}User` } });
		expect(schemas.PasskeySignIn.properties).toMatchObject({ user: { $ref: `${COMPONENT}User` }, passkey: { $ref: `${COMPONENT}Passkey` } });
		expect(schemas.EmailSignIn.properties.user.anyOf).toContainEqual({ $ref: `${COMPONENT}User` });
		expect(schemas.PasskeyAuthentication.properties.options.properties.allowCredentials.items).toEqual({ $ref: `${COMPONENT}PasskeyCredentialDescriptor` });
	});

	test("with its references resolved, each component is the schema zod gives alone: the wire format is what it was", () => {
		const alone = (schema: z.ZodType, io: "input" | "output") => {
			const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" });
			return rest;
		};
		const { models, bodies } = documentedSchemas(ROUTES);
		for (const [name, schema] of models) expect(inlined(schemas[name]), name).toEqual(alone(schema, "output"));
		for (const [name, schema] of bodies) expect(inlined(schemas[name]), name).toEqual(alone(schema, "input"));
	});
});

describe("validity", () => {
	async function validate(doc: unknown) {
		const validator = new Validator();
		const result = await validator.validate(structuredClone(doc) as Record<string, unknown>);
		return { ...result, version: validator.version };
	}

	test("the document is valid OpenAPI 3.1", async () => {
		const result = await validate(document);
		expect(result.errors).toBeUndefined();
		expect(result).toMatchObject({ valid: true, version: "3.1" });
	});

	test("broken copies are refused, so the validation above means something", async () => {
		expect((await validate(document)).valid).toBe(true);
		const breakages: ((doc: any) => void)[] = [
			(doc) => delete doc.paths["/users"].get.responses["200"].description,
			(doc) => (doc.components.parameters.user_id.required = false),
			(doc) => (doc.paths["/users"].get.parameters[0].in = "body"),
			(doc) => (doc.components.securitySchemes.secret.in = "body"),
			(doc) => (doc.paths["/health"].get.summary = 42),
			// license.identifier is new in 3.1: the same document does not pass as 3.0.
			(doc) => (doc.openapi = "3.0.3"),
		];
		for (const breakage of breakages) {
			const broken = structuredClone(document);
			breakage(broken);
			const result = await validate(broken);
			expect(result.valid, breakage.toString()).toBe(false);
		}
	});

	test("every Schema Object is valid JSON Schema 2020-12 with only known keywords", () => {
		const ajv = new Ajv2020({ strict: true });
		const schemas = allSchemas(document);
		expect(schemas.length).toBeGreaterThan(50);
		for (const schema of schemas) expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
		// Component schemas refer to each other only: with the components as $defs, strict mode compiles each.
		const asDefs = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/'));
		const $defs = asDefs(document.components.schemas);
		for (const [name, schema] of Object.entries(document.components.schemas)) expect(() => ajv.compile({ ...asDefs(schema), $defs }), name).not.toThrow();
	});
});

describe("lint: Redocly's recommended rules", () => {
	/** Redocly CLI's lint engine, in-process and offline: the document is given as a string. */
	async function lint(doc: unknown): Promise<string[]> {
		const config = await createConfig({ extends: ["recommended"] });
		const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config });
		return problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ""}`);
	}

	test("no errors, and only the two warnings that are meant", async () => {
		expect(await lint(document)).toEqual([
			// The catalogue of every code, which the client's HolmError.code is typed from; each answer lists its own subset.
			"warn no-unused-components #/components/schemas/Error",
			// No operation answers 405 (see the test above); info.description points to it.
			"warn no-unused-components #/components/responses/METHOD_NOT_ALLOWED",
		]);
	});

	test("an example that breaks its schema, a missing server and a missing 4xx are reported, so the lint above means something", async () => {
		const badExample = structuredClone(document);
		badExample.paths["/users"].post.requestBody.content["application/json"].example = { email: "cat@example.com" };
		expect(await lint(badExample)).toContain("warn no-invalid-media-type-examples #/paths/~1users/post/requestBody/content/application~1json/example");

		const noServers = structuredClone(document);
		delete noServers.servers;
		expect(await lint(noServers)).toContain("error no-empty-servers #/openapi");

		const no4xx = structuredClone(document);
		for (const status of Object.keys(no4xx.paths["/health"].get.responses)) if (status.startsWith("4")) delete no4xx.paths["/health"].get.responses[status];
		expect(await lint(no4xx)).toContain("warn operation-4xx-response #/paths/~1health/get/responses");
	});
});

describe("the document matches what the server sends", () => {
	const DOCUMENT_ID = "https://holm.invalid/openapi.json";
	const ajv = new Ajv2020({ strict: false, allErrors: true });
	ajv.addSchema(document, DOCUMENT_ID);

	const server = serverForThisFile({ passkeys: RP });

	/** The documented response of an operation for a status. */
	function documented(method: string, path: string, status: number): any {
		const response = document.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)];
		if (response === undefined) throw new Error(`${method} ${path} does not document ${status}`);
		return resolve(document, response);
	}

	/** Checks a real answer against the schema the document gives for it; names the failure. */
	function expectDocumented(method: string, path: string, answer: { status: number; body: unknown; headers: Headers }): void {
		const response = documented(method, path, answer.status);
		const schema = response.content["application/json"].schema;
		// The schema's own references point into the document, which ajv holds under DOCUMENT_ID.
		const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/', `"${DOCUMENT_ID}#/`)));
		expect(validate(answer.body) ? null : validate.errors, `${method} ${path} ${answer.status}`).toBeNull();
		for (const [name, reference] of Object.entries(response.headers ?? {})) {
			const value = answer.headers.get(name);
			if ((reference as any).required || resolve(document, reference).required) expect(value, name).not.toBeNull();
			if (value !== null) expect(value, name).toMatch(/^[0-9]+$/);
		}
		const error = (answer.body as { error?: string } | null)?.error;
		if (error === "TOO_MANY_REQUESTS" || error === "UNAVAILABLE") expect(answer.headers.get("Retry-After")).toMatch(/^[1-9][0-9]*$/);
	}

	test("GET /openapi.json serves the built document as JSON, the same bytes every time", async () => {
		const fetchText = async () => {
			const response = await server.fetch(`/openapi.json`, { headers: { Authorization: SECRET } });
			expect(response.status).toBe(200);
			expect(response.headers.get("Content-Type")).toStartWith("application/json");
			return response.text();
		};
		const first = await fetchText();
		expect(JSON.parse(first)).toEqual(document);
		expect(await fetchText()).toBe(first);
	});

	test("metrics: the Prometheus text format, with the secret as a bearer token", async () => {
		const response = await server.fetch(`/metrics`, { headers: { Authorization: `Bearer ${SECRET}` } });
		expect(response.status).toBe(200);
		const [mediaType] = Object.keys(documented("GET", "/metrics", 200).content);
		expect(response.headers.get("Content-Type")).toStartWith(`${mediaType}; version=0.0.4`);
		expect(await response.text()).toContain("# TYPE ");
	});

	test("health", async () => {
		expectDocumented("GET", "/health", await server.request("GET", "/health"));
	});

	test("users", async () => {
		const created = await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD });
		expectDocumented("POST", "/users", created);
		const withoutEmail = await server.request("POST", "/users", { password: STRONG_PASSWORD });
		expectDocumented("POST", "/users", withoutEmail);
		expectDocumented("GET", "/users/{user_id}", await server.request("GET", `/users/${created.body.id}`));
		expectDocumented("GET", "/users", await server.request("GET", "/users?per_page=2"));
		expectDocumented("POST", "/authenticate/password", await server.request("POST", "/authenticate/password", { email: created.body.email, password: STRONG_PASSWORD }));
	});

	test("password reset requests, with their code only when created", async () => {
		const user = await createUser(server);
		const created = await server.request("POST", `/users/${user.id}/password-reset-requests`);
		expectDocumented("POST", "/users/{user_id}/password-reset-requests", created);
		expectDocumented("GET", "/password-reset-requests/{request_id}", await server.request("GET", `/password-reset-requests/${created.body.id}`));
		expectDocumented("GET", "/users/{user_id}/password-reset-requests", await server.request("GET", `/users/${user.id}/password-reset-requests`));
	});

	test("email verification and email update requests", async () => {
		const user = await createUser(server);
		const verification = await server.request("POST", `/users/${user.id}/email-verification-request`);
		expectDocumented("POST", "/users/{user_id}/email-verification-request", verification);
		expectDocumented("GET", "/users/{user_id}/email-verification-request", await server.request("GET", `/users/${user.id}/email-verification-request`));

		const update = await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() });
		expectDocumented("POST", "/users/{user_id}/email-update-requests", update);
		expectDocumented("GET", "/users/{user_id}/email-update-requests", await server.request("GET", `/users/${user.id}/email-update-requests`));
		const verified = await server.request("POST", "/verify-new-email", { request_id: update.body.id, code: update.body.code });
		expectDocumented("POST", "/verify-new-email", verified);
	});

	test("TOTP credential and recovery codes", async () => {
		const user = await createUser(server);
		const key = crypto.getRandomValues(new Uint8Array(20));
		const code = authenticatorCode(key, server.clock.now);
		const registered = await server.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code });
		expectDocumented("POST", "/users/{user_id}/register-totp", registered);
		expectDocumented("GET", "/users/{user_id}/totp-credential", await server.request("GET", `/users/${user.id}/totp-credential`));
		const regenerated = await server.request("POST", `/users/${user.id}/regenerate-recovery-code`);
		expectDocumented("POST", "/users/{user_id}/regenerate-recovery-code", regenerated);
		const reset = await server.request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: regenerated.body.recovery_code });
		expectDocumented("POST", "/users/{user_id}/reset-2fa", reset);
	});

	test("passkeys: ceremonies, the passkey, a sign-in, and their refusals", async () => {
		const user = await createUser(server);
		const device = authenticator("ES256");
		const registration = await server.request("POST", `/users/${user.id}/passkey-registrations`, {});
		expectDocumented("POST", "/users/{user_id}/passkey-registrations", registration);
		const credential = device.register(registration.body.options);
		const passkey = await server.request("POST", `/passkey-registrations/${registration.body.id}/verify`, { credential });
		expectDocumented("POST", "/passkey-registrations/{ceremony_id}/verify", passkey);
		const again = await server.request("POST", `/passkey-registrations/${registration.body.id}/verify`, { credential });
		expectDocumented("POST", "/passkey-registrations/{ceremony_id}/verify", again);
		const started = await server.request("POST", "/passkey-authentications", { user_id: user.id });
		expectDocumented("POST", "/passkey-authentications", started);
		const signedIn = await server.request("POST", `/passkey-authentications/${started.body.id}/verify`, { credential: device.assert(started.body.options) });
		expectDocumented("POST", "/passkey-authentications/{ceremony_id}/verify", signedIn);
		const forged = await signIn(server, device, { bend: { corruptSignature: true } });
		expect(forged.body).toEqual({ error: "INVALID_CREDENTIAL" });
		expectDocumented("POST", "/passkey-authentications/{ceremony_id}/verify", forged);
		expectDocumented("GET", "/users/{user_id}/passkeys", await server.request("GET", `/users/${user.id}/passkeys`));
		expectDocumented("GET", "/passkeys/{passkey_id}", await server.request("GET", `/passkeys/${passkey.body.id}`));
		expect((await server.request("DELETE", `/passkeys/${passkey.body.id}`)).status).toBe(204);
		expectDocumented("GET", "/passkeys/{passkey_id}", await server.request("GET", `/passkeys/${passkey.body.id}`));
	});

	test("error answers, Retry-After included", async () => {
		const user = await createUser(server);
		expectDocumented("POST", "/users", await server.request("POST", "/users", {}));
		expectDocumented("GET", "/users/{user_id}", await server.request("GET", "/users/abcdefghijkmnpqrstuvwxyz"));
		expectDocumented("GET", "/users", await server.request("GET", "/users", undefined, { Authorization: "wrong" }));
		expectDocumented("POST", "/users", await server.request("POST", "/users", "{}", { "Content-Type": "text/html" }));
		expectDocumented("GET", "/users", await server.request("GET", "/users", undefined, { Accept: "text/html" }));
		expectDocumented("POST", "/users", await server.request("POST", "/users", "x".repeat(65 * 1024)));

		// Without a TOTP credential each guess is NOT_ALLOWED; register one, then 5 wrong codes lock the check.
		const key = crypto.getRandomValues(new Uint8Array(20));
		const registered = await server.request("POST", `/users/${user.id}/register-totp`, {
			key: Buffer.from(key).toString("base64"),
			code: authenticatorCode(key, server.clock.now),
		});
		expect(registered.status).toBe(200);
		for (let i = 0; i < 5; i++) {
			const wrong = await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: "wrong" });
			expect(wrong.body).toEqual({ error: "INCORRECT_CODE" });
			expectDocumented("POST", "/users/{user_id}/verify-2fa/totp", wrong);
		}
		const locked = await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: "wrong" });
		expect(locked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expectDocumented("POST", "/users/{user_id}/verify-2fa/totp", locked);
	});
});
