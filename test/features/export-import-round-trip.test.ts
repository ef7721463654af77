// What `holm export` writes, `holm import` takes back whole (API.md section 9): users made every way
// the API allows, and passkeys stored before today's rules, exported from one Holm and imported into
// another with 0 failed; the second Holm's export is the first's. On whichever database the suite
// runs on (both, under `bun test/runner/run.ts`).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import bcryptjs from "bcryptjs";
import wordpressHash from "wordpress-hash-node";
import { liveNow, type ExportedUser } from "../../src/features/user-imports/store.ts";
import { openPostgresUserExport } from "../../src/stores/postgres/user-export.ts";
import { openSqliteUserExport } from "../../src/stores/sqlite/user-export.ts";
import { generateId } from "../../src/lib/ids.ts";
import { signInWithFake, startFakeOpenIdProvider, type FakeProvider } from "../support/identity-providers.ts";
import { authenticator, registered, RP, signIn } from "../support/passkeys.ts";
import { authenticatorCode, createUser, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

let source: TestServer;
let target: TestServer;
let fake: FakeProvider;

beforeAll(async () => {
	fake = await startFakeOpenIdProvider();
	source = await startTestServer({ passkeys: RP, identityProviders: [fake.entry("idp")] });
	target = await startTestServer({ passkeys: RP, identityProviders: [fake.entry("idp")] });
});
afterAll(async () => {
	await source.stop();
	await target.stop();
	await fake.stop();
});

/** Every user of `server`'s database, as `holm export` writes them (one JSON line each), judged
 *  (live sessions, disables in force) at the server's time. */
async function exportAll(server: TestServer): Promise<ExportedUser[]> {
	const live = { ...liveNow(), now: Math.floor(server.clock.now / 1000) };
	const from = server.databaseUrl === null ? openSqliteUserExport(join(server.dir, "holm.db"), live) : openPostgresUserExport(server.databaseUrl, live);
	const lines: string[] = [];
	try {
		await from.each(async (users) => {
			for (const user of users) lines.push(JSON.stringify(user));
		});
	} finally {
		await from.close();
	}
	return lines.map((line) => JSON.parse(line));
}

async function importAll(server: TestServer, rows: unknown[]) {
	const answer = await server.request("POST", "/user-imports", { users: rows });
	expect(answer.status).toBe(200);
	return answer.body as { created: number; skipped: number; failed: number; results: { index: number; status: string; user_id?: string; error?: string }[] };
}

/** Runs a write on the server's database directly, as a Holm of an earlier version left it. */
async function writeDirectly(server: TestServer, query: string, ...params: (string | number | Uint8Array)[]): Promise<void> {
	if (server.databaseUrl !== null) {
		const { SQL } = await import("bun");
		const sql = new SQL(server.databaseUrl, { max: 1 });
		let n = 0;
		try {
			await sql.unsafe(query.replaceAll("?", () => `$${++n}`), params);
		} finally {
			await sql.close();
		}
		return;
	}
	const db = new Database(join(server.dir, "holm.db"));
	try {
		db.exec("PRAGMA busy_timeout = 5000");
		db.query(query).run(...params);
	} finally {
		db.close();
	}
}

function spkiOf(device: ReturnType<typeof authenticator>): string {
	return device.publicKey.export({ type: "spki", format: "der" }).toString("base64");
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64");

test("users made every way the API allows are exported and imported back with 0 failed, and sign in there", async () => {
	// Password, verified email, TOTP.
	const withTotp = await createUser(source);
	const code = await source.request("POST", `/users/${withTotp.id}/email-verification-request`);
	expect((await source.request("POST", `/users/${withTotp.id}/verify-email`, { code: code.body.code })).status).toBe(204);
	const totpKey = crypto.getRandomValues(new Uint8Array(20));
	const totp = await source.request("POST", `/users/${withTotp.id}/register-totp`, { key: base64(totpKey), code: authenticatorCode(totpKey, source.clock.now) });
	expect(totp.status).toBe(200);

	// Passkeys of every algorithm: synced with every transport a registration takes, a counter past
	// 2^31 (registered there, then used), one that stays 0, one never used.
	const withPasskeys = await createUser(source);
	const synced = authenticator("ES256", { backupEligible: true, backedUp: true });
	synced.signCount = 0x80000000;
	const started = await source.request("POST", `/users/${withPasskeys.id}/passkey-registrations`, {});
	const credential = synced.register(started.body.options);
	credential.response.transports = Array.from({ length: 16 }, (_, i) => `transport-${i}`);
	const made = await source.request("POST", `/passkey-registrations/${started.body.id}/verify`, { credential, name: "Téléphone 📱" });
	expect(made.status).toBe(200);
	expect((await signIn(source, synced, { userId: withPasskeys.id, bend: { signCount: 0xfffffff0 } })).status).toBe(200);
	synced.signCount = 0xfffffff0;
	const zero = authenticator("EdDSA", { zeroCounter: true });
	await registered(source, withPasskeys.id, zero);
	expect((await signIn(source, zero, { userId: withPasskeys.id })).status).toBe(200);
	await registered(source, withPasskeys.id, authenticator("RS256"));

	// Identities: a user made by one (no password), and one linked to the user with TOTP.
	const madeBySub = `made-${crypto.randomUUID()}`;
	const madeBy = await signInWithFake(source, fake, "idp", { sub: madeBySub, email: `idp-${generateId()}@example.com`, email_verified: true, name: "Ada\u0007 L." }, { verify: { create_user: true } });
	expect(madeBy.answer.body.outcome).toBe("created");
	const linkedSub = `linked-${crypto.randomUUID()}`;
	expect((await signInWithFake(source, fake, "idp", { sub: linkedSub }, { start: { user_id: withTotp.id } })).answer.body.outcome).toBe("linked");

	// Imported: without email or password; with foreign hashes (one upgraded by a sign-in, one not);
	// with a TOTP key, a user handle and passkeys of their own.
	const upgradedEmail = `phpass-${generateId()}@example.com`;
	const imported = await importAll(source, [
		{},
		{ email: `bcrypt-${generateId()}@example.com`, password_hash: bcryptjs.hashSync(STRONG_PASSWORD, 4), created_at: 1_500_000_000 },
		{ email: upgradedEmail, password_hash: wordpressHash.HashPassword(STRONG_PASSWORD), email_verified: true },
		{
			totp_key: base64(crypto.getRandomValues(new Uint8Array(10))),
			passkey_user_handle: Buffer.from(crypto.getRandomValues(new Uint8Array(64))).toString("base64url"),
			passkeys: [{ credential_id: "AQ", public_key: spkiOf(authenticator("EdDSA")), algorithm: -8, sign_count: 0xffffffff, transports: [] }],
			identities: [{ provider: "gone", issuer: "https://accounts.example.org", subject: "108235726501729854423", email: "Someone@Example.org", email_verified: true }],
		},
	]);
	expect(imported.failed).toBe(0);
	expect((await source.request("POST", "/authenticate/password", { email: upgradedEmail, password: STRONG_PASSWORD })).status).toBe(200);

	if (source.store === "postgres") {
		// Stored as a JSON array, not as a JSON string holding one (which an export wrote as a string).
		const kinds = await source.rows(`SELECT DISTINCT jsonb_typeof(transports) AS kind FROM passkey`);
		expect(kinds).toEqual([{ kind: "array" }]);
	}

	const exported = await exportAll(source);
	expect(exported.length).toBe(7);
	expect(exported.find((row) => row.id === withTotp.id)!.identities).toEqual([expect.objectContaining({ provider: "idp", issuer: fake.issuer, subject: linkedSub })]);
	const answer = await importAll(target, exported);
	expect(answer.results.filter((result) => result.status !== "created")).toEqual([]);
	expect(answer.failed).toBe(0);
	expect(await exportAll(target)).toEqual(exported);

	// And they sign in there as they did here.
	expect((await target.request("POST", "/authenticate/password", { email: withTotp.email, password: STRONG_PASSWORD })).status).toBe(200);
	expect((await target.request("POST", "/authenticate/password", { email: upgradedEmail, password: STRONG_PASSWORD })).status).toBe(200);
	expect((await signIn(target, synced, { userId: withPasskeys.id })).status).toBe(200);
	expect((await signIn(target, zero, { userId: withPasskeys.id })).status).toBe(200);
	for (const [sub, userId] of [
		[madeBySub, madeBy.answer.body.user.id],
		[linkedSub, withTotp.id],
	]) {
		expect((await signInWithFake(target, fake, "idp", { sub })).answer.body).toMatchObject({ outcome: "signed_in", user: { id: userId } });
	}
});

test("an identity another user holds is a conflict: IDENTITY_IN_USE, or skipped naming its holder", async () => {
	const sub = `held-${crypto.randomUUID()}`;
	const holder = (await signInWithFake(source, fake, "idp", { sub }, { verify: { create_user: true } })).answer.body.user.id;
	const identity = { provider: "idp", issuer: fake.issuer, subject: sub };
	expect((await importAll(source, [{ identities: [identity] }])).results).toEqual([{ index: 0, status: "failed", error: "IDENTITY_IN_USE" }]);
	expect((await source.request("POST", "/user-imports", { users: [{ identities: [identity] }], on_conflict: "skip" })).body.results).toEqual([
		{ index: 0, status: "skipped", user_id: holder },
	]);
	// Twice in one request: the second row waits for the first, then conflicts with it.
	const other = { provider: "idp", issuer: fake.issuer, subject: `twice-${crypto.randomUUID()}` };
	const twice = await importAll(source, [{ identities: [other] }, { identities: [other] }]);
	expect(twice.results.map((result) => result.status === "failed" ? result.error : result.status)).toEqual(["created", "IDENTITY_IN_USE"]);
	// Twice in one row, or not an issuer: INVALID_DATA.
	expect((await importAll(source, [{ identities: [other, other] }, { identities: [{ ...other, issuer: "not a url" }] }])).results.map((result) => result.error)).toEqual([
		"INVALID_DATA",
		"INVALID_DATA",
	]);
});


test("passkeys stored before today's rules (a negative counter, BS without BE, transports of any text) export into rows the import takes", async () => {
	const user = await createUser(source);
	const device = authenticator("ES256");
	const passkey = await registered(source, user.id, device);
	const transports = JSON.stringify(["", "internal\u0000", "usb", "usb", ...Array.from({ length: 20 }, (_, i) => `t${i}`)]);
	// What a Holm before these fixes could store: a counter of 0x80000001 read as negative, BS set by an
	// assertion without BE, transports a registration took then, a name an import took then, and on
	// PostgreSQL transports stored as a JSON string.
	const jsonTransports = source.store === "postgres" ? `to_jsonb(?::text)` : `?`;
	await writeDirectly(
		source,
		`UPDATE passkey SET sign_count = ?, backed_up = ${source.store === "postgres" ? "true" : "1"}, transports = ${jsonTransports}, name = ? WHERE id = ?`,
		-2147483647,
		transports,
		"Old\u0007name\ud800",
		passkey.id,
	);
	const rows = (await exportAll(source)).filter((row) => row.id === user.id);
	expect(rows[0]!.passkeys[0]).toMatchObject({ sign_count: 0x80000001, backed_up: false, backup_eligible: false, name: "Oldname\ufffd" });
	expect(rows[0]!.passkeys[0]!.transports).toEqual(["usb", ...Array.from({ length: 15 }, (_, i) => `t${i}`)]);
	await target.request("DELETE", `/users/${user.id}`);
	const answer = await importAll(target, rows);
	expect(answer.results).toEqual([{ index: 0, status: "created", user_id: user.id }]);
	// The counter continues past 2^31 there.
	device.signCount = 0x80000001;
	expect((await signIn(target, device, { userId: user.id })).status).toBe(200);
	expect((await signIn(target, device.clone(5), { userId: user.id })).body).toEqual({ error: "INVALID_CREDENTIAL" });
});

test("a disable travels in the user's row (disabled_until: a time, or 0 until enabled; disabled_reason), and an enabled user's row has neither", async () => {
	const now = Math.floor(source.clock.now / 1000);
	const [forever, forAWhile, ended, enabled] = [await createUser(source), await createUser(source), await createUser(source), await createUser(source)];
	await source.request("POST", `/users/${forever.id}/disable`, { reason: "fraud ring 🚩" });
	await source.request("POST", `/users/${forAWhile.id}/disable`, { until: now + 86_400 });
	await source.request("POST", `/users/${ended.id}/disable`, { reason: "brief", until: now + 60 });
	await source.request("POST", `/users/${enabled.id}/disable`, { reason: "undone" });
	await source.request("POST", `/users/${enabled.id}/enable`);
	source.clock.advance(61_000);
	target.clock.advance(source.clock.now - target.clock.now);

	const ids = [forever.id, forAWhile.id, ended.id, enabled.id];
	const rows = (await exportAll(source)).filter((row) => ids.includes(row.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
	expect(rows.map((row) => [row.disabled_until, row.disabled_reason])).toEqual([
		[0, "fraud ring 🚩"],
		[now + 86_400, null],
		[undefined, undefined],
		[undefined, undefined],
	]);
	expect(Object.keys(rows[2]!)).not.toContain("disabled_until");

	const answer = await importAll(target, rows);
	expect(answer.failed).toBe(0);
	expect((await exportAll(target)).filter((row) => ids.includes(row.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))).toEqual(rows);
	for (const id of ids) expect((await target.request("GET", `/users/${id}`)).body).toEqual((await source.request("GET", `/users/${id}`)).body);
	expect((await target.request("POST", "/authenticate/password", { email: forever.email, password: STRONG_PASSWORD })).body).toEqual({ error: "USER_DISABLED" });
	expect((await target.request("POST", "/authenticate/password", { email: ended.email, password: STRONG_PASSWORD })).status).toBe(200);
});
