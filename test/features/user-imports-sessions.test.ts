// Sessions in POST /user-imports (API.md sections 9 and 13): an imported session's token keeps
// working, a malformed one fails its row, and a session id already taken is a conflict like a
// taken id. On whichever database the suite runs on.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { generateId } from "../../src/lib/ids.ts";
import { createUser, startTestServer, type TestServer } from "../support/server.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

function sessionRow(secret: string, fields: Record<string, unknown> = {}) {
	const now = Math.floor(server.clock.now / 1000);
	return {
		id: generateId(),
		digest: Buffer.from(Bun.CryptoHasher.hash("sha256", secret) as Uint8Array).toString("base64url"),
		created_at: now - 3600,
		last_used_at: now - 60,
		client_ip: "192.0.2.9",
		user_agent: "Imported/1.0",
		second_factor_verified_at: now - 3600,
		...fields,
	};
}

const SECRET = "abcdefghijkmnpqrstuvwxyz23456789abcdefgh";

test("an imported session's token validates, with its times, address, user agent and second factor kept", async () => {
	const row = sessionRow(SECRET);
	const id = generateId();
	const answer = await server.request("POST", "/user-imports", { users: [{ id, sessions: [row] }] });
	expect(answer.body.results).toEqual([{ index: 0, status: "created", user_id: id }]);
	const validated = await server.request("POST", "/sessions/validate", { token: `${row.id}.${SECRET}` });
	expect(validated.status).toBe(200);
	expect(validated.body.session).toMatchObject({
		id: row.id,
		user_id: id,
		created_at: row.created_at,
		client_ip: "192.0.2.9",
		user_agent: "Imported/1.0",
		second_factor_verified_at: row.second_factor_verified_at,
		new_device: false,
	});
	expect((await server.request("POST", "/sessions/validate", { token: `${row.id}.${SECRET.replace("a", "b")}` })).status).toBe(404);
});

test("a malformed session fails its row alone", async () => {
	const now = Math.floor(server.clock.now / 1000);
	const good = generateId();
	const shared = generateId();
	const bad = [
		{ sessions: [sessionRow(SECRET, { digest: "short" })] },
		{ sessions: [sessionRow(SECRET, { digest: Buffer.alloc(31).toString("base64url") })] },
		{ sessions: [sessionRow(SECRET, { created_at: now, last_used_at: now - 1 })] },
		{ sessions: [sessionRow(SECRET, { last_used_at: now + 60 })] },
		{ sessions: [sessionRow(SECRET, { id: "not-an-id" })] },
		{ sessions: [sessionRow(SECRET, { id: shared }), sessionRow(SECRET, { id: shared })] },
		{ sessions: [sessionRow(SECRET, { user_agent: "x".repeat(513) })] },
	];
	const answer = await server.request("POST", "/user-imports", { users: [...bad, { id: good, sessions: [sessionRow(SECRET)] }] });
	expect(answer.body.results.slice(0, bad.length).map((result: any) => result.error)).toEqual(bad.map(() => "INVALID_DATA"));
	expect(answer.body.results.at(-1)).toEqual({ index: bad.length, status: "created", user_id: good });
});

test("a session id already taken is a conflict (ID_ALREADY_USED, or skipped naming its holder), in the database or earlier in the request", async () => {
	const holder = await createUser(server);
	const taken = (await server.request("POST", `/users/${holder.id}/sessions`, {})).body.session.id;
	const failed = await server.request("POST", "/user-imports", { users: [{ sessions: [sessionRow(SECRET, { id: taken })] }] });
	expect(failed.body.results).toEqual([{ index: 0, status: "failed", error: "ID_ALREADY_USED" }]);
	const skipped = await server.request("POST", "/user-imports", { users: [{ sessions: [sessionRow(SECRET, { id: taken })] }], on_conflict: "skip" });
	expect(skipped.body.results).toEqual([{ index: 0, status: "skipped", user_id: holder.id }]);

	const twice = generateId();
	const first = generateId();
	const inRequest = await server.request("POST", "/user-imports", { users: [{ id: first, sessions: [sessionRow(SECRET, { id: twice })] }, { sessions: [sessionRow(SECRET, { id: twice })] }] });
	expect(inRequest.body.results).toEqual([
		{ index: 0, status: "created", user_id: first },
		{ index: 1, status: "failed", error: "ID_ALREADY_USED" },
	]);
});

test("an imported session's user agent or address with a NUL or a lone surrogate is kept with U+FFFD, never a 500", async () => {
	const row = sessionRow("zyxwvutsrqpnmkjihgfedcba98765432zyxwvuts", { client_ip: "proxy\u0000", user_agent: "Agent\u0000\ud800" });
	const id = generateId();
	const answer = await server.request("POST", "/user-imports", { users: [{ id, sessions: [row] }] });
	expect(answer.body.results).toEqual([{ index: 0, status: "created", user_id: id }]);
	const shown = await server.request("GET", `/sessions/${row.id}`);
	expect(shown.body).toMatchObject({ client_ip: "proxy\ufffd", user_agent: "Agent\ufffd\ufffd" });
});
