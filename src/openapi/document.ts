// The OpenAPI 3.1 document of the whole API, made from the rows it is given (src/routes.ts's: each endpoint's
// documentation, examples and errors, and what its row adds) and the zod schemas the endpoints carry, each under
// the name it was given where it is declared (names.ts). Everything comes from constants in a fixed order, so two
// builds give the same JSON byte for byte.
import { z } from "zod";
import packageJson from "../../package.json" with { type: "json" };
import { ERROR_STATUS, type ErrorCode } from "../errors.ts";
import { identifier } from "../features/users/schemas.ts";
import { TAG_NAMES, type Success } from "../http/endpoint.ts";
import { DEFAULT_BODY_LIMIT, documentedErrors, type Route } from "../http/route.ts";
import { nameOf, namedSchemas, tagDescription } from "./names.ts";

type Json = Record<string, unknown>;
type JsonSchema = Json & { properties?: Record<string, Json>; required?: string[] };

const OPENAPI_VERSION = "3.1.1";

/** "64 KiB (4 MiB for POST /user-imports)": the default body limit, and the rows that differ. */
function bodyLimits(routes: readonly Route[]): string {
	const size = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`);
	const others = routes.filter((route) => route.bodyLimit !== DEFAULT_BODY_LIMIT).map((route) => `${size(route.bodyLimit)} for ${route.method} ${route.path}`);
	return others.length === 0 ? size(DEFAULT_BODY_LIMIT) : `${size(DEFAULT_BODY_LIMIT)} (${others.join(", ")})`;
}

/** What each code means wherever it is answered (docs/errors.md); a 400 lists its codes with these.
 *  PAYLOAD_TOO_LARGE's names the rows' body limits: see meaning(). */
const ERROR_MEANINGS: Record<Exclude<ErrorCode, "PAYLOAD_TOO_LARGE">, string> = {
	INVALID_DATA: "The body is not a JSON object, a field has the wrong type, a required field is missing, or a value breaks a rule.",
	WEAK_PASSWORD: "A password being set is in the leaked-password list.",
	TOO_MANY_REQUESTS: "A rate limit or lockout refused the call; `Retry-After` gives the whole seconds until it could succeed.",
	INCORRECT_CODE: "The code is wrong (or, for TOTP, already used).",
	INCORRECT_PASSWORD: "The password is wrong.",
	INVALID_REQUEST: "The request named in the body does not exist, has expired, or (reset-password) is not verified yet.",
	EMAIL_ALREADY_USED: "The address belongs to a user already.",
	NOT_ALLOWED: "The operation does not apply in the current state.",
	INVALID_CREDENTIAL:
		"The passkey answer failed verification (challenge, origin, rp id, flags, algorithm, owner, signature or counter), or the identity provider's " +
		"answer did (the callback's issuer, the code, the ID token's signature or claims).",
	PASSKEY_ALREADY_REGISTERED: "The authenticator's credential is registered already (to this or another user).",
	IDENTITY_IN_USE: "The identity provider's account is linked to another user.",
	EMAIL_NOT_VERIFIED: "An identity is linked only to an address both the provider and Holm verified; this one is not (yet).",
	NOT_AUTHENTICATED: "The Authorization header is missing or does not hold an accepted secret.",
	USER_DISABLED:
		"An operator disabled the user (POST /users/{user_id}/disable). Answered only once the credential has proved correct: a wrong one answers as for anyone. The proof (a code, a passkey ceremony) is used up.",
	NOT_FOUND: "The user or request named in the path does not exist or has expired (on /authenticate/password: no user has that address).",
	METHOD_NOT_ALLOWED: "The path exists, but not with this method.",
	NOT_ACCEPTABLE: "The Accept header allows neither application/json, application/* nor */*.",
	UNSUPPORTED_MEDIA_TYPE: "The Content-Type is neither application/json nor text/plain.",
	UNKNOWN_ERROR: "Something failed inside Holm; details go to its log, never to the response.",
	PROVIDER_ERROR: "The identity provider answered an error, or could not be reached in time.",
	UNAVAILABLE: "Holm cannot serve the call now: password hashing could not start within 5 seconds, or (PostgreSQL) the database did not answer in time. Retry after `Retry-After` seconds.",
};

type Meanings = Record<ErrorCode, string>;

/** What each code means in the document of `routes`: PAYLOAD_TOO_LARGE's names their body limits. */
function meaningsOf(routes: readonly Route[]): Meanings {
	return { ...ERROR_MEANINGS, PAYLOAD_TOO_LARGE: `The body is larger than ${bodyLimits(routes)}.` };
}

const ALL_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** These carry a Retry-After header (API.md section 1 and 6). */
const WITH_RETRY_AFTER: readonly ErrorCode[] = ["TOO_MANY_REQUESTS", "UNAVAILABLE"];

/** No operation answers 405: a path called with a method it does not have does, whichever path. */
const METHOD_NOT_ALLOWED_NOTE =
	"A known path called with a method it does not have answers `405` (`#/components/responses/METHOD_NOT_ALLOWED`), " +
	"its `Allow` header listing the methods it has.";

const BODY_NOTE =
	"A JSON object; unknown fields are ignored and `null` in an optional field means absent. " +
	"Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent.";

const PATH_PARAMETERS: Record<string, { description: string; example: string }> = {
	user_id: { description: "The user's identifier.", example: "eeidmqmvdtjhaddujv8twjug" },
	request_id: { description: "The request's identifier.", example: "xkmtyqnsfd5w7hbq2g9cp6ra" },
	ceremony_id: { description: "The passkey ceremony's identifier (the `id` its start answered).", example: "q4mzp7hbxk2c9tnwdj3rfv8s" },
	passkey_id: { description: "The passkey's identifier.", example: "h7cw2n4kpq9xrzt3mbd8vjfe" },
	session_id: { description: "The session's identifier (the part of its token before the dot).", example: "q7kd2mzx9rbwtn4fhv3cy8ps" },
	identity_id: { description: "The identity's identifier.", example: "v8kc3nqx7mwd2hzt9bpr4fjs" },
};

function ref(section: string, name: string): Json {
	return { $ref: `#/components/${section}/${name}` };
}

/** JSON Schema 2020-12 of a zod schema. Request bodies are described as the client sends them
 *  (io "input": before transforms); the document's dialect says 2020-12, so `$schema` goes. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
	const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" }) as JsonSchema;
	return rest;
}

/** JSON Schema 2020-12 of each named schema, under its name. A named schema that appears inside
 *  another (Session in CreatedSession, User in PasskeySignIn...) is a `$ref` to its component
 *  rather than a copy, so each model is declared once and a generated client has one class for it.
 *  zod does this for the schemas of a registry: the very instances the features nest. */
function componentSchemas(named: ReadonlyMap<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
	const registry = z.registry<{ id: string }>();
	for (const [name, schema] of named) registry.add(schema, { id: name });
	const { schemas } = z.toJSONSchema(registry, { io, target: "draft-2020-12", uri: (name) => `#/components/schemas/${name}` });
	// Only named schemas are taken out of line, so nothing lands in zod's __shared; $id would move the
	// base of the references, and the document's dialect says 2020-12.
	if ("__shared" in schemas) throw new Error("openapi: zod extracted an unnamed schema");
	return Object.fromEntries(
		[...named.keys()].map((name) => {
			const { $schema: _schema, $id: _id, ...rest } = schemas[name] as JsonSchema;
			return [name, rest];
		}),
	);
}

/** The component name of a schema an endpoint carries; one without a name cannot be documented. */
function componentName(schema: z.ZodType, what: string): string {
	const name = nameOf(schema);
	if (name === undefined) throw new Error(`openapi: an endpoint carries a ${what} with no name (name it with named() where it is declared)`);
	return name;
}

/** The schemas the document of `routes` names: its response models (those the endpoints answer, in the
 *  order of the rows, each followed by the named models nested in it) and its request bodies (in the
 *  order of the rows). Derived from the endpoints, so a new one edits no list. */
export function documentedSchemas(routes: readonly Route[]): { models: Map<string, z.ZodType>; bodies: Map<string, z.ZodType> } {
	const bodies = new Map<string, z.ZodType>();
	const answered = new Map<string, z.ZodType>();
	for (const { endpoint } of routes) {
		if (endpoint.body !== undefined) bodies.set(componentName(endpoint.body, "request body"), endpoint.body);
		const models = [..."model" in endpoint.success ? [endpoint.success.model] : [], ...(endpoint.otherResponses ?? []).map((other) => other.model)];
		for (const model of models) answered.set(componentName(model, "model"), model);
	}
	// Which named models each model nests: the $refs of its JSON Schema, among every named schema but the bodies.
	const candidates = new Map([...namedSchemas()].filter(([name]) => !bodies.has(name)));
	const all = componentSchemas(candidates, "output");
	const models = new Map<string, z.ZodType>();
	const visit = (name: string) => {
		if (models.has(name)) return;
		models.set(name, candidates.get(name)!);
		for (const [, nested] of JSON.stringify(all[name]).matchAll(/"#\/components\/schemas\/(\w+)"/g)) visit(nested!);
	};
	for (const name of answered.keys()) visit(name);
	return { models, bodies };
}

/** /users/:user_id becomes /users/{user_id}. */
export function openApiPath(honoPath: string): string {
	return honoPath.replace(/:(\w+)/g, "{$1}");
}

/** A Media Type Object, with its example when there is one. */
function mediaType(schema: Json, example: unknown): Json {
	return example === undefined ? { schema } : { schema, example };
}

function errorSchema(codes: readonly ErrorCode[]): Json {
	return {
		type: "object",
		properties: { error: { type: "string", enum: codes } },
		required: ["error"],
		additionalProperties: false,
	};
}

function errorResponse(codes: readonly ErrorCode[], meaning: Meanings): Json {
	const meanings = codes.map((code) => `- \`${code}\`: ${meaning[code]}`).join("\n");
	const examples = Object.fromEntries(codes.map((code) => [code, { value: { error: code } }]));
	const response: Json = {
		description: codes.length === 1 ? meaning[codes[0]!] : `One of:\n\n${meanings}`,
		content: { "application/json": { schema: errorSchema(codes), examples } },
	};
	if (codes.some((code) => WITH_RETRY_AFTER.includes(code))) response.headers = { "Retry-After": ref("headers", "Retry-After") };
	if (codes.includes("METHOD_NOT_ALLOWED")) response.headers = { Allow: ref("headers", "Allow") };
	return response;
}

function successResponse(success: Success, example: unknown): Json {
	if (success.status === 204) return { description: success.description };
	if ("mediaType" in success) return { description: success.description, content: { [success.mediaType]: mediaType({ type: "string" }, example) } };
	const model = ref("schemas", componentName(success.model, "model"));
	const response: Json = {
		description: success.description,
		content: { "application/json": mediaType(success.list ? { type: "array", items: model } : model, example) },
	};
	if (success.pagination) {
		response.headers = {
			"X-Pagination-Total": ref("headers", "X-Pagination-Total"),
			"X-Pagination-Total-Pages": ref("headers", "X-Pagination-Total-Pages"),
		};
	}
	return response;
}

/** Every status the route can answer, in ascending order; each error status lists its codes. */
function responses(route: Route, meanings: Meanings): Json {
	const operation = route.endpoint;
	const byStatus = new Map<number, Json>([[operation.success.status, successResponse(operation.success, operation.examples?.answer)]]);
	for (const other of operation.otherResponses ?? []) {
		const content = { "application/json": mediaType(ref("schemas", componentName(other.model, "model")), other.example) };
		byStatus.set(other.status, { description: other.description, content });
	}
	const codes = documentedErrors(route);
	const here: Meanings = { ...meanings, ...operation.errorsWhen };
	for (const status of new Set(codes.map((code) => ERROR_STATUS[code]))) {
		const answered = codes.filter((code) => ERROR_STATUS[code] === status);
		// One code per status is the same answer everywhere (shared) unless the endpoint says more of it. A 400 differs by endpoint.
		const shared = status !== 400 && answered.length === 1 && operation.errorsWhen?.[answered[0]!] === undefined;
		byStatus.set(status, shared ? ref("responses", answered[0]!) : errorResponse(answered, here));
	}
	return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, response]) => [String(status), response]));
}

function requestBody(body: z.ZodType, bodySchemas: Record<string, JsonSchema>, example: unknown): Json {
	const name = componentName(body, "request body");
	const required = (bodySchemas[name]?.required?.length ?? 0) > 0;
	return {
		required,
		description: required ? BODY_NOTE : `${BODY_NOTE} An empty body counts as {}.`,
		content: { "application/json": mediaType(ref("schemas", name), example) },
	};
}

/** Each property of a query schema as a query parameter, its description lifted to the parameter. */
function queryParameters(query: z.ZodObject): Json[] {
	const properties = jsonSchema(query, "input").properties ?? {};
	return Object.entries(properties).map(([name, { description, ...schema }]) => ({
		name,
		in: "query",
		required: false,
		...(description === undefined ? {} : { description }),
		schema,
	}));
}

/** Identifiers as lib/ids.ts makes them; the server answers 404 for anything else without a lookup. */
function pathParameter(name: string, { description, example }: { description: string; example: string }): Json {
	return {
		name,
		in: "path",
		required: true,
		description: `${description} A value that cannot be an identifier answers 404 NOT_FOUND.`,
		schema: jsonSchema(identifier, "output"),
		example,
	};
}

function pathParameters(honoPath: string): Json[] {
	return [...honoPath.matchAll(/:(\w+)/g)].map(([, name]) => {
		if (name === undefined || !(name in PATH_PARAMETERS)) throw new Error(`openapi: no description of the path parameter ${name} (${honoPath})`);
		return ref("parameters", name);
	});
}

function operationObject(route: Route, bodySchemas: Record<string, JsonSchema>, meanings: Meanings): Json {
	const operation = route.endpoint;
	const parameters = [...pathParameters(route.path), ...(operation.query ? queryParameters(operation.query) : [])];
	return {
		operationId: operation.operationId,
		summary: operation.summary,
		...(operation.description === undefined ? {} : { description: operation.description }),
		tags: [operation.tag],
		...(route.public ? { security: [] } : {}),
		...(parameters.length > 0 ? { parameters } : {}),
		...(operation.body === undefined ? {} : { requestBody: requestBody(operation.body, bodySchemas, operation.examples?.request) }),
		responses: responses(route, meanings),
	};
}

function paths(routes: readonly Route[], bodySchemas: Record<string, JsonSchema>, meanings: Meanings): Json {
	const result: Record<string, Json> = {};
	for (const route of routes) {
		const item = (result[openApiPath(route.path)] ??= {});
		item[route.method.toLowerCase()] = operationObject(route, bodySchemas, meanings);
	}
	return result;
}

function components(modelSchemas: Record<string, JsonSchema>, bodySchemas: Record<string, JsonSchema>, meanings: Meanings): Json {
	const singleCodeResponses = ALL_CODES.filter((code) => ERROR_STATUS[code] !== 400).map((code) => [code, errorResponse([code], meanings)]);
	return {
		schemas: { ...modelSchemas, ...bodySchemas, Error: errorSchema(ALL_CODES) },
		parameters: Object.fromEntries(
			Object.entries(PATH_PARAMETERS).map(([name, parameter]) => [name, pathParameter(name, parameter)]),
		),
		headers: {
			Allow: { description: "The methods the path has, comma-separated (`GET, POST`).", required: true, schema: { type: "string" } },
			"Retry-After": { description: "Whole seconds until the refused call could succeed (with TOO_MANY_REQUESTS and UNAVAILABLE).", schema: { type: "integer", minimum: 1 } },
			"X-Pagination-Total": { description: "Number of users that match.", required: true, schema: { type: "integer", minimum: 0 } },
			"X-Pagination-Total-Pages": {
				description: "ceil(total / per_page); 0 when nothing matches.",
				required: true,
				schema: { type: "integer", minimum: 0 },
			},
		},
		responses: Object.fromEntries(singleCodeResponses),
		securitySchemes: {
			secret: { type: "apiKey", in: "header", name: "Authorization", description: "The API secret itself: `Authorization: <secret>`." },
			bearer: { type: "http", scheme: "bearer", description: "The API secret as a bearer token: `Authorization: Bearer <secret>`." },
		},
	};
}

/** The document of `routes`: src/routes.ts's ROUTES describe the whole API. */
export function buildOpenApiDocument(routes: readonly Route[]): Json {
	// Made once here: components list them and requestBody reads which fields are required.
	const { models, bodies } = documentedSchemas(routes);
	const bodySchemas = componentSchemas(bodies, "input");
	const meanings = meaningsOf(routes);
	return {
		openapi: OPENAPI_VERSION,
		info: {
			title: "Holm",
			version: packageJson.version,
			description:
				"Self-hosted account and credential service, wire-compatible with the Faroe 0.2 REST API. " +
				"Every error is `{\"error\": CODE}`; most codes share status 400, so branch on the code. " +
				METHOD_NOT_ALLOWED_NOTE,
			license: { name: "MIT", identifier: "MIT" },
		},
		servers: [
			{
				url: "http://{host}:{port}",
				description: "Holm where `holm serve` listens; the defaults are those of --host and --port.",
				variables: {
					host: { default: "127.0.0.1", description: "--host (HOLM_HOST)." },
					port: { default: "4000", description: "--port (HOLM_PORT)." },
				},
			},
		],
		tags: TAG_NAMES.map((name) => ({ name, description: tagDescription(name) })),
		// Either form of the Authorization header; GET /health and GET /openapi.json override this with [].
		security: [{ secret: [] }, { bearer: [] }],
		paths: paths(routes, bodySchemas, meanings),
		components: components(componentSchemas(models, "output"), bodySchemas, meanings),
	};
}
