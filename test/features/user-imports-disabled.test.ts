// A disabled user in POST /user-imports (API.md sections 9 and 18): `disabled_until` (a time, or 0
// for "until enabled") and `disabled_reason` in the row bring the disable along; a malformed one
// fails its row alone. On whichever database the suite runs on.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { generateId } from "../../src/lib/ids.ts";
import { startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

const now = () => Math.floor(server.clock.now / 1000);

async function imported(row: Record<string, unknown>): Promise<{ index: number; status: string; user_id?: string; error?: string }> {
	const answer = await server.request("POST", "/user-imports", { users: [row] });
	expect(answer.status).toBe(200);
	return answer.body.results[0];
}

test("a row disabled until enabled, or until a time, is imported disabled with its reason; it cannot sign in", async () => {
	const hash = await Bun.password.hash(STRONG_PASSWORD, { algorithm: "argon2id", memoryCost: 64, timeCost: 1 });
	const forever = { id: generateId(), email: `${generateId()}@example.com`, password_hash: hash, disabled_until: 0, disabled_reason: "fraud ring" };
	const until = now() + 3600;
	const forAWhile = { id: generateId(), disabled_until: until, disabled_reason: null };
	const answer = await server.request("POST", "/user-imports", { users: [forever, forAWhile] });
	expect(answer.body.failed).toBe(0);
	expect((await server.request("GET", `/users/${forever.id}`)).body).toMatchObject({ disabled: true, disabled_until: null });
	expect((await server.request("GET", `/users/${forAWhile.id}`)).body).toMatchObject({ disabled: true, disabled_until: until });
	expect((await server.request("POST", `/users/${forever.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({ error: "USER_DISABLED" });
	expect((await server.request("POST", `/users/${forAWhile.id}/sessions`, {})).body).toEqual({ error: "USER_DISABLED" });
	// Enabled there, it signs in.
	await server.request("POST", `/users/${forever.id}/enable`);
	expect((await server.request("POST", `/users/${forever.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
});

test("an end that has passed imports an enabled user (an export taken before it passed, imported after)", async () => {
	const id = generateId();
	expect(await imported({ id, disabled_until: now() - 60, disabled_reason: "was brief" })).toEqual({ index: 0, status: "created", user_id: id });
	expect((await server.request("GET", `/users/${id}`)).body).toMatchObject({ disabled: false, disabled_until: null });
	expect((await server.request("POST", `/users/${id}/sessions`, {})).status).toBe(200);
});

test("a malformed disable fails its row alone: a negative or fractional end, a long reason, a reason without an end, sessions of a disabled row", async () => {
	const session = {
		id: generateId(),
		digest: Buffer.alloc(32, 1).toString("base64url"),
		created_at: now() - 60,
		last_used_at: now() - 60,
	};
	for (const row of [
		{ disabled_until: -1 },
		{ disabled_until: now() + 0.5 },
		{ disabled_until: "0" },
		{ disabled_until: 0, disabled_reason: "x".repeat(201) },
		{ disabled_reason: "a reason, but no disable" },
		{ disabled_until: 0, sessions: [session] },
	]) {
		expect(await imported({ id: generateId(), ...row }), JSON.stringify(row)).toEqual({ index: 0, status: "failed", error: "INVALID_DATA" });
	}
	// 200 code points is fine; so is a disable whose end has passed beside its sessions (it is enabled).
	const id = generateId();
	expect(await imported({ id, disabled_until: 0, disabled_reason: "😀".repeat(200) })).toMatchObject({ status: "created" });
	expect(await imported({ id: generateId(), disabled_until: now() - 1, sessions: [session] })).toMatchObject({ status: "created" });
});
