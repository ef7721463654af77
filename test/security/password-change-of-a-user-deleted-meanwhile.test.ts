// Bad luck, made certain: the user is deleted after update-password has proved their current
// password and before it stores the new one. The store's compare-and-swap finds nobody and the call
// answers NOT_FOUND, as for a user who was gone before it (test/security/user-deleted-mid-request
// races the two, and only sometimes lands in this window). The deletion goes out from the range
// API's answer about the new password, which the call awaits between the two.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sha1Upper } from "../leak-check/helpers.ts";
import { createUser, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

const NEW_PASSWORD = "a new passphrase nobody has leaked 7";
let server: TestServer;
let deleteWhenAsked: string | null = null;
const api = Bun.serve({
	port: 0,
	hostname: "127.0.0.1",
	async fetch(request) {
		const prefix = new URL(request.url).pathname.split("/").pop() ?? "";
		if (deleteWhenAsked !== null && sha1Upper(NEW_PASSWORD).startsWith(prefix)) {
			const userId = deleteWhenAsked;
			deleteWhenAsked = null;
			expect((await server.request("DELETE", `/users/${userId}`)).status).toBe(204);
		}
		return new Response("0000000000000000000000000000000000A:0");
	},
});

beforeAll(async () => {
	server = await startTestServer({ leakCheck: { mode: "online", api: api.url.origin, timeoutMs: 10_000 } });
});
afterAll(async () => {
	await server.stop();
	api.stop(true);
});

test("update-password of a user deleted after the password was proved answers NOT_FOUND and stores nothing", async () => {
	const user = await createUser(server, { password: STRONG_PASSWORD });
	deleteWhenAsked = user.id;
	const answer = await server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password: NEW_PASSWORD });
	expect(deleteWhenAsked).toBeNull(); // the deletion did go out in the window
	expect(answer.status).toBe(404);
	expect(answer.body.error).toBe("NOT_FOUND");
	expect((await server.request("GET", `/users/${user.id}`)).status).toBe(404);
	const events = await server.rows("SELECT type FROM event WHERE user_id = ? ORDER BY seq", user.id);
	expect(events.map((row) => row.type)).toEqual(["user_created", "user_deleted"]);
});
