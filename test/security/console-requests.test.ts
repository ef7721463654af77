// Attacks on the console's endpoints (API.md section 12): another site making the operator's
// browser act (every state-changing call must come from the console's own origin, as JSON), the
// console framed by another site (headers), and the console showing what it must never show.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CONSOLE_HEADERS } from "../../src/features/console/headers.ts";
import { authenticatorCode, createUser, type TestServer } from "../support/server.ts";
import { consoleCall, signIn, signInToken, startConsoleServer } from "../console/support.ts";
import { RP, authenticator, registered } from "../support/passkeys.ts";

let server: TestServer;
let cookie: string;
beforeAll(async () => {
	server = await startConsoleServer({ passkeys: RP });
	cookie = await signIn(server);
});
afterAll(() => server.stop());

/** Every console call that changes something, for a fresh user. */
async function actions(): Promise<{ name: string; path: string; body: unknown; userId: string; passkeyId?: string }[]> {
	const user = await createUser(server);
	const passkey = await registered(server, user.id, authenticator());
	return [
		{ name: "delete a passkey", path: `/console/api/passkeys/${passkey.id}/delete`, body: {}, userId: user.id, passkeyId: passkey.id },
		{ name: "sign in", path: "/console/api/session", body: { token: await signInToken(server) }, userId: user.id },
		{ name: "sign out", path: "/console/api/sign-out", body: {}, userId: user.id },
		{ name: "delete a user", path: `/console/api/users/${user.id}/delete`, body: { confirm: user.id }, userId: user.id },
		{ name: "remove TOTP", path: `/console/api/users/${user.id}/remove-totp`, body: {}, userId: user.id },
		{ name: "delete pending requests", path: `/console/api/users/${user.id}/delete-requests`, body: {}, userId: user.id },
		{ name: "unblock a user", path: `/console/api/users/${user.id}/unblock`, body: {}, userId: user.id },
	];
}

describe("cross-site requests to every console action", () => {
	const attacks: [string, Record<string, string>][] = [
		["another site's fetch (Origin and Sec-Fetch-Site: cross-site)", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" }],
		["a sibling subdomain (same-site, not same-origin)", { Origin: "http://evil.127.0.0.1.nip.io", "Sec-Fetch-Site": "same-site", "Content-Type": "application/json" }],
		["a forged Origin with a cross-site fetch", { Origin: "", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" }],
		["no Origin at all (an old browser, a tool holding a stolen cookie)", { "Content-Type": "application/json" }],
	];
	for (const [attack, headers] of attacks) {
		test(`refused: ${attack}`, async () => {
			for (const action of await actions()) {
				const sent: Record<string, string> = { ...headers };
				if (sent.Origin === "") sent.Origin = server.url; // right origin, but the browser says cross-site
				const answer = await fetch(server.url + action.path, {
					method: "POST",
					headers: { ...sent, Cookie: `__Host-holm_console=${cookie}` },
					body: JSON.stringify(action.body),
				});
				expect({ action: action.name, status: answer.status }).toEqual({ action: action.name, status: 403 });
				expect((await server.request("GET", `/users/${action.userId}`)).status).toBe(200);
				if (action.passkeyId !== undefined) expect((await server.request("GET", `/passkeys/${action.passkeyId}`)).status).toBe(200);
			}
			expect((await consoleCall(server, "GET", "/console/api/session", { cookie })).status).toBe(200);
		});
	}

	test("refused: an HTML form post from the same origin (not JSON)", async () => {
		for (const action of await actions()) {
			for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
				const answer = await consoleCall(server, "POST", action.path, { cookie, headers: { "Content-Type": type }, body: JSON.stringify(action.body) });
				expect({ action: action.name, type, status: answer.status }).toEqual({ action: action.name, type, status: 415 });
			}
			expect((await server.request("GET", `/users/${action.userId}`)).status).toBe(200);
		}
	});

	test("a malformed body is a 400, never a 500", async () => {
		const user = await createUser(server);
		for (const body of ["", "not json", "[]", "null", '{"confirm": 5}']) {
			const answer = await consoleCall(server, "POST", `/console/api/users/${user.id}/delete`, { cookie, body });
			expect(answer.status).toBe(400);
		}
	});
});

describe("framing and caching of the console", () => {
	test("every console answer carries the headers of section 12", async () => {
		const user = await createUser(server);
		const answers = [
			await consoleCall(server, "GET", "/console"),
			await consoleCall(server, "GET", "/console/"),
			await consoleCall(server, "GET", "/console/console.js"),
			await consoleCall(server, "GET", "/console/console.css"),
			await consoleCall(server, "GET", "/console/nothing-here"),
			await consoleCall(server, "GET", "/console/api/overview"), // 401
			await consoleCall(server, "GET", "/console/api/overview", { cookie }),
			await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie }),
			await consoleCall(server, "POST", `/console/api/users/${user.id}/remove-totp`, { cookie, headers: { Origin: "https://evil.example" } }),
		];
		for (const answer of answers) {
			expect(answer.headers.get("Content-Security-Policy")).toBe(
				"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
			);
			expect(answer.headers.get("X-Frame-Options")).toBe("DENY");
			expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
			expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
			expect(answer.headers.get("Cache-Control")).toBe("no-store");
		}
		expect(Object.keys(CONSOLE_HEADERS)).toContain("X-Frame-Options");
		expect(answers[0]!.status).toBe(301);
		expect(answers[0]!.headers.get("Location")).toBe("/console/");
	});

	test("the page has no inline script or style for the policy to allow", async () => {
		const page = await consoleCall(server, "GET", "/console/");
		expect(page.headers.get("Content-Type")).toStartWith("text/html");
		expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
		expect(page.body).not.toMatch(/\son[a-z]+=/i);
		expect(page.body).not.toMatch(/<style|style=/);
	});

	test("without --console the console does not exist", async () => {
		const { startTestServer, SECRET } = await import("../support/server.ts");
		const plain = await startTestServer({ listen: true });
		try {
			expect((await fetch(`${plain.url}/console/`)).status).toBe(401);
			expect((await fetch(`${plain.url}/console/`, { headers: { Authorization: SECRET } })).status).toBe(404);
		} finally {
			await plain.stop();
		}
	});
});

describe("the console never shows a credential", () => {
	test("a user's page holds no password hash, recovery code, TOTP key, request code or passkey key", async () => {
		const user = await createUser(server);
		const passkey = await registered(server, user.id, authenticator());
		const [stored] = await server.rows("SELECT public_key, credential_id FROM passkey WHERE id = ?", passkey.id);
		const key = crypto.getRandomValues(new Uint8Array(20));
		const keyBase64 = Buffer.from(key).toString("base64");
		expect((await server.request("POST", `/users/${user.id}/register-totp`, { key: keyBase64, code: authenticatorCode(key, server.clock.now) })).status).toBe(200);
		const reset = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
		const verification = await server.request("POST", `/users/${user.id}/email-verification-request`, {});
		const update = await server.request("POST", `/users/${user.id}/email-update-requests`, { email: `new-${user.email}` });
		const [row] = await server.rows("SELECT password_hash FROM user WHERE id = ?".replace("user", server.store === "postgres" ? '"user"' : "user"), user.id);

		const answer = await consoleCall(server, "GET", `/console/api/users/${user.id}`, { cookie });
		expect(answer.status).toBe(200);
		const text = JSON.stringify(answer.body);
		expect(answer.body.totp).not.toBeNull();
		expect(answer.body.requests.password_reset).toHaveLength(1);
		expect(answer.body.requests.email_verification).toHaveLength(1);
		expect(answer.body.requests.email_update).toHaveLength(1);
		const secrets = [
			user.recovery_code,
			keyBase64,
			Buffer.from(key).toString("hex"),
			reset.body.code,
			reset.body.id, // a verified reset request's id is as good as a password
			verification.body.code,
			update.body.code,
			update.body.id,
			String(row!.password_hash),
			Buffer.from(stored!.public_key as Uint8Array).toString("base64"),
			Buffer.from(stored!.public_key as Uint8Array).toString("base64url"),
			Buffer.from(stored!.credential_id as Uint8Array).toString("base64url"),
		];
		expect(answer.body.passkeys).toHaveLength(1);
		expect(Object.keys(answer.body.passkeys[0]).sort()).toEqual(["aaguid", "backed_up", "backup_eligible", "created_at", "id", "last_used_at", "name", "transports", "user_id"]);
		for (const secret of secrets) expect(text).not.toContain(secret);

		const list = await consoleCall(server, "GET", `/console/api/users?q=${encodeURIComponent(user.email!)}`, { cookie });
		expect(list.body.users).toHaveLength(1);
		for (const secret of secrets) expect(JSON.stringify(list.body)).not.toContain(secret);
	});
});
