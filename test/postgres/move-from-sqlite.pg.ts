// The move of API.md section 9, as an operator does it: users made through the API of a Holm on
// SQLite (passwords, TOTP, verified emails, one without an email), `holm export` while it runs,
// `holm import` into a Holm on PostgreSQL; there every user signs in with the same id, password,
// TOTP code and recovery code, and their sessions live on; one user with a passkey signs in with it there, its counter
// continuing. Run by `npm test` only on PostgreSQL (test/runner/postgres-suite.ts).
import { expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase } from "../support/postgres.ts";
import { authenticator, RP } from "../support/passkeys.ts";
import { authenticatorCode, PROCESS_SECRET, serveHolm, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const MAIN = join(import.meta.dir, "..", "..", "src", "main.ts");

async function holm(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
	const child = Bun.spawn([process.execPath, MAIN, ...args], { stdout: "pipe", stderr: "pipe" });
	const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
	return { code, stdout, stderr };
}

function client(url: string) {
	return async (method: string, path: string, body?: unknown) => {
		const response = await fetch(url + path, { method, headers: { Authorization: PROCESS_SECRET }, body: body === undefined ? undefined : JSON.stringify(body) });
		const text = await response.text();
		return { status: response.status, body: text === "" ? null : JSON.parse(text) };
	};
}

interface Made {
	id: string;
	email: string | null;
	password: string;
	key: Uint8Array | null;
	recoveryCode: string;
	user: Record<string, unknown>;
}

const PASSKEY_FLAGS = ["--passkey-rp-id", RP.rpId, "--passkey-origin", RP.origins.join(",")];

type Api = ReturnType<typeof client>;

/** A passkey sign-in through `api`, naming `userId` or not. */
async function passkeySignIn(api: Api, device: ReturnType<typeof authenticator>, userId?: string) {
	const started = await api("POST", "/passkey-authentications", userId === undefined ? {} : { user_id: userId });
	expect(started.status).toBe(200);
	return api("POST", `/passkey-authentications/${started.body.id}/verify`, { credential: device.assert(started.body.options) });
}

test("every user moved from SQLite to PostgreSQL signs in with the same id, password, TOTP code, recovery code and passkey", async () => {
	const dir = newDir();
	const secretFile = join(dir, "secret-file");
	writeFileSync(secretFile, PROCESS_SECRET + "\n", { mode: 0o600 });
	const sqlite = await serveHolm(["--dir", join(dir, "data"), "--secret-file", secretFile, ...PASSKEY_FLAGS]);
	const device = authenticator("ES256");
	let passkey: Record<string, unknown> = {};
	const made: Made[] = [];
	// Signed in on SQLite: each stays signed in after the move (a move signs no one out).
	const sessions: { token: string; session: Record<string, unknown> }[] = [];
	const exportFile = join(dir, "users.ndjson");
	try {
		const api = client(sqlite.url);
		for (let i = 0; i < 6; i++) {
			const email = i === 5 ? null : `mover${i}@example.com`;
			const password = `moving passphrase number ${i}`;
			const created = await api("POST", "/users", { email, password });
			expect(created.status).toBe(200);
			const id = created.body.id as string;
			let key: Uint8Array | null = null;
			if (i % 2 === 0) {
				key = crypto.getRandomValues(new Uint8Array(20));
				const registered = await api("POST", `/users/${id}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, Date.now()) });
				expect(registered.status).toBe(200);
			}
			if (i < 3) {
				const request = await api("POST", `/users/${id}/email-verification-request`, {});
				expect((await api("POST", `/users/${id}/verify-email`, { code: request.body.code })).status).toBe(204);
			}
			const user = (await api("GET", `/users/${id}`)).body;
			made.push({ id, email, password, key, recoveryCode: user.recovery_code, user });
		}
		// A passkey for the first user, used once on SQLite (its counter is 2 after that).
		const started = await api("POST", `/users/${made[0]!.id}/passkey-registrations`, {});
		const registration = await api("POST", `/passkey-registrations/${started.body.id}/verify`, { credential: device.register(started.body.options) });
		expect(registration.status).toBe(200);
		expect((await passkeySignIn(api, device, made[0]!.id)).status).toBe(200);
		passkey = (await api("GET", `/passkeys/${registration.body.id}`)).body;
		for (const user of made.slice(0, 3)) {
			const created = await api("POST", `/users/${user.id}/sessions`, { client_ip: "198.51.100.4", user_agent: "Mover/1.0", second_factor_verified: user.key !== null });
			expect(created.status).toBe(200);
			sessions.push({ token: created.body.token, session: created.body.session });
		}
		const ended = await api("POST", `/users/${made[3]!.id}/sessions`, {});
		await api("DELETE", `/sessions/${ended.body.session.id}`);
		// While the server runs.
		const exported = await holm(["export", "--dir", join(dir, "data"), "--output", exportFile]);
		expect(exported.code).toBe(0);
		expect(exported.stderr).toContain("exported 6 users");
		expect(statSync(exportFile).mode & 0o777).toBe(0o600);
	} finally {
		expect(await sqlite.stop()).toBe(0);
	}

	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const postgres = await serveHolm(["--database", database, "--secret-file", secretFile, ...PASSKEY_FLAGS]);
	try {
		const imported = await holm(["import", exportFile, "--url", postgres.url, "--secret-file", secretFile]);
		expect(imported.stderr).toContain("6 rows: 6 created, 0 skipped, 0 failed");
		expect(imported.code).toBe(0);

		// And straight back out of PostgreSQL: the same rows, byte for byte.
		const fromPostgres = join(dir, "from-postgres.ndjson");
		const exportedAgain = await holm(["export", "--database", database, "--output", fromPostgres]);
		expect(exportedAgain.code).toBe(0);
		expect(readFileSync(fromPostgres, "utf8")).toBe(readFileSync(exportFile, "utf8"));

		const api = client(postgres.url);
		// Before anything else changes the users (a reset-2fa below ends their sessions).
		for (const { token, session } of sessions) {
			const validated = await api("POST", "/sessions/validate", { token });
			expect(validated.status).toBe(200);
			const { last_used_at: _used, expires_at: _expires, ...kept } = session;
			expect(validated.body.session).toMatchObject(kept);
		}
		expect((await api("GET", `/users/${made[3]!.id}/sessions`)).body).toEqual([]);
		for (const user of made) {
			expect((await api("GET", `/users/${user.id}`)).body).toEqual(user.user);
			if (user.email !== null) {
				const signIn = await api("POST", "/authenticate/password", { email: user.email, password: user.password });
				expect(signIn.status).toBe(200);
				expect(signIn.body.id).toBe(user.id);
			}
			expect((await api("POST", `/users/${user.id}/verify-password`, { password: user.password })).status).toBe(204);
			expect((await api("POST", `/users/${user.id}/verify-password`, { password: user.password + "!" })).body).toEqual({ error: "INCORRECT_PASSWORD" });
			if (user.key !== null) {
				expect((await api("POST", `/users/${user.id}/verify-2fa/totp`, { code: authenticatorCode(user.key, Date.now()) })).status).toBe(204);
			}
			const reset = await api("POST", `/users/${user.id}/reset-2fa`, { recovery_code: user.recoveryCode });
			expect(reset.status).toBe(200);
		}

		// The passkey: the same, and it signs in (named and discoverable, the user handle kept); a
		// copy of the authenticator still at the counter it had on SQLite is refused as a clone.
		expect((await api("GET", `/passkeys/${passkey.id}`)).body).toEqual(passkey);
		const named = await passkeySignIn(api, device, made[0]!.id);
		expect(named.status).toBe(200);
		expect(named.body.user.id).toBe(made[0]!.id);
		const discoverable = await passkeySignIn(api, device);
		expect(discoverable.status).toBe(200);
		expect(discoverable.body.user.id).toBe(made[0]!.id);
		expect((await passkeySignIn(api, device.clone(2), made[0]!.id)).body).toEqual({ error: "INVALID_CREDENTIAL" });

		// Run again with skip, as after an interruption: nothing changes, and it says so.
		const again = await holm(["import", exportFile, "--url", postgres.url, "--secret-file", secretFile, "--on-conflict", "skip"]);
		expect(again.stderr).toContain("6 rows: 0 created, 6 skipped, 0 failed");
		expect(again.code).toBe(0);
	} finally {
		expect(await postgres.stop()).toBe(0);
	}
});

