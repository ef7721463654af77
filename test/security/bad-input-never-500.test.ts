// Attack: send every endpoint bodies of the wrong shape (wrong types, nesting, huge numbers, odd
// Unicode, prototype keys) hoping one reaches an unhandled exception: a 500, or worse, a half
// written change. Every answer must be one of the contract's 4xx codes or a success.
import { beforeAll, expect, test } from "bun:test";
import { ERROR_STATUS } from "../../src/errors.ts";
import { ROUTES } from "../../src/routes.ts";
import { RP } from "../support/passkeys.ts";
import { createUser, serverForThisFile } from "../support/server.ts";

let userId: string;
let resetId: string;
let updateId: string;

const server = serverForThisFile({ passkeys: RP });
beforeAll(async () => {
	userId = (await createUser(server)).id;
	resetId = (await server.request("POST", `/users/${userId}/password-reset-requests`, {})).body.id;
	updateId = (await server.request("POST", `/users/${userId}/email-update-requests`, { email: "fuzz-new@example.com" })).body.id;
});

const VALUES: unknown[] = [null, true, 0, -1, 1e308, 12345678901234567890, "", " ", "\u0000", "💥".repeat(40), "x".repeat(5000), [], ["a"], {}, { nested: "x" }];
const FIELDS = ["email", "password", "new_password", "client_ip", "code", "request_id", "key", "totp_key", "recovery_code", "credential", "name", "user_id", "provider", "state", "iss", "error"];

function bodies(): string[] {
	const out = ["", "{}", "[]", "null", "{\"__proto__\": {\"polluted\": 1}}", "{\"constructor\": {\"prototype\": 1}}", "{", "\"\"", "1e999"];
	for (const field of FIELDS) for (const value of VALUES) out.push(JSON.stringify({ [field]: value }));
	return out;
}

test("no malformed body reaches a 500 on any endpoint", async () => {
	const known = new Set(Object.keys(ERROR_STATUS).filter((code) => code !== "UNKNOWN_ERROR"));
	const failures: string[] = [];
	for (const { method, path: pattern } of ROUTES) {
		if (method !== "POST") continue;
		const path = pattern
			.replace(":user_id", userId)
			.replace(":request_id", pattern.startsWith("/email-update") ? updateId : resetId)
			.replace(":ceremony_id", "abcdefghijkmnpqrstuvwxyz");
		for (const body of bodies()) {
			const answer = await server.request(method, path, body);
			const ok = answer.status < 300 || (answer.status < 500 && known.has(answer.body?.error));
			if (!ok) failures.push(`${method} ${pattern} ${body.slice(0, 60)} → ${answer.status} ${JSON.stringify(answer.body)}`);
		}
		server.clock.advance(15 * 60_000); // let the per-user and per-address limits refill between endpoints
	}
	expect(failures).toEqual([]);
	expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("no malformed query string reaches a 500 on GET /users", async () => {
	const values = ["%00", "%ED%A0%80", "%ZZ", "%", "%E0%A4%A", "%0A", encodeURIComponent("\u0085"), "x".repeat(5000), "-1", "1e9", "__proto__"];
	const failures: string[] = [];
	for (const name of ["email_query", "email", "sort_by", "sort_order", "per_page", "page"]) {
		for (const value of values) {
			const answer = await server.request("GET", `/users?${name}=${value}`);
			if (answer.status !== 200 || !Array.isArray(answer.body)) failures.push(`${name}=${value.slice(0, 20)} → ${answer.status}`);
		}
	}
	expect(failures).toEqual([]);
});
