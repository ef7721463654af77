// Attack: sign in with a password that leaked after it was set (it was fine when chosen, so the
// check of new passwords never saw it). A correct password is checked against the leak lists again
// at every sign-in, flags the user (password_leaked) and says so on the sign_in event; the flag
// stays until the password is set again to one the lists do not hold (API.md section 15).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildLeakFile } from "../../src/leak-check/build-leak-file.ts";
import { feedSettled } from "../support/events-flow.ts";
import { startTestServer, STRONG_PASSWORD, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support/server.ts";

// In the bundled list of leaked passwords: refused as a new password, so users with it are made
// while the leak check is off, as if the password had leaked only later.
const LEAKED = "password";
const newDir = tempDirsForThisFile();
let server: TestServer;
let dir: string;

beforeAll(async () => {
	dir = newDir();
	server = await startTestServer({ dir, leakCheck: { mode: "off" } });
});
afterAll(() => server.stop());

/** A user whose password (LEAKED) was set before the lists held it; the server then checks again. */
async function userWithLeakedPassword(): Promise<{ id: string; email: string }> {
	await server.stop();
	server = await startTestServer({ dir, leakCheck: { mode: "off" } });
	const email = uniqueEmail();
	const created = await server.request("POST", "/users", { email, password: LEAKED });
	if (created.status !== 200) throw new Error(JSON.stringify(created.body));
	await server.stop();
	server = await startTestServer({ dir });
	return { id: created.body.id, email };
}

async function leakedGauge(): Promise<number> {
	const text: string = (await (await server.fetch(`/metrics`, { headers: { Authorization: `Bearer test-secret-that-is-long-enough` } })).text());
	return Number(/^holm_users_password_leaked (\d+)$/m.exec(text)![1]);
}

test("a leaked password at sign-in is flagged: the answer, the user, the event, the metric", async () => {
	const user = await userWithLeakedPassword();
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(false);
	expect(await leakedGauge()).toBe(0);
	const answer = await server.request("POST", "/authenticate/password", { email: user.email, password: LEAKED });
	expect(answer.status).toBe(200);
	expect(answer.body.password_leaked).toBe(true);
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(true);
	// On PostgreSQL the feed holds an event back while an older transaction anywhere in the cluster
	// runs (docs/events.md, "exactly once"): another suite's, on a shared server.
	await feedSettled(server);
	const signIn = (await server.request("GET", `/users/${user.id}/events?type=sign_in`)).body.events.at(-1);
	expect(signIn.data).toEqual({ method: "password", password_leaked: true });
	expect(await leakedGauge()).toBe(1);
});

test("verify-password keeps its empty 204 and flags the user the same way", async () => {
	const user = await userWithLeakedPassword();
	const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: LEAKED });
	expect(answer.status).toBe(204);
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(true);
});

test("a clean password at sign-in is not flagged, and its event says nothing of leaks", async () => {
	const email = uniqueEmail();
	const created = (await server.request("POST", "/users", { email, password: STRONG_PASSWORD })).body;
	const answer = await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD });
	expect(answer.body.password_leaked).toBe(false);
	await feedSettled(server); // the feed holds an event back while an older transaction runs (docs/events.md)
	expect((await server.request("GET", `/users/${created.id}/events?type=sign_in`)).body.events.at(-1).data).toEqual({ method: "password" });
});

test("the flag surviving a password change to a clean password: update clears it", async () => {
	const user = await userWithLeakedPassword();
	await server.request("POST", "/authenticate/password", { email: user.email, password: LEAKED });
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(true);
	expect((await server.request("POST", `/users/${user.id}/update-password`, { password: LEAKED, new_password: STRONG_PASSWORD })).status).toBe(204);
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(false);
	expect((await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD })).body.password_leaked).toBe(false);
});

test("the flag surviving a password change to a clean password: reset clears it", async () => {
	const user = await userWithLeakedPassword();
	await server.request("POST", `/users/${user.id}/verify-password`, { password: LEAKED });
	const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });
	expect((await server.request("POST", "/reset-password", { request_id: reset.id, password: STRONG_PASSWORD })).status).toBe(204);
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(false);
});

test("an incorrect password flags nothing", async () => {
	const user = await userWithLeakedPassword();
	await server.request("POST", "/authenticate/password", { email: user.email, password: "password1" });
	expect((await server.request("GET", `/users/${user.id}`)).body.password_leaked).toBe(false);
});

test("a password the operator's --leak-file holds flags the user too, after the list was added", async () => {
	const email = uniqueEmail();
	const created = (await server.request("POST", "/users", { email, password: STRONG_PASSWORD })).body;
	// Later the operator adds their own list (say, passwords leaked from their previous system).
	const list = newDir();
	writeFileSync(join(list, "ours.txt"), `${STRONG_PASSWORD}\n`);
	await buildLeakFile(join(list, "ours.txt"), join(list, "ours.bin"), () => {});
	await server.stop();
	server = await startTestServer({ dir, leakCheck: { file: join(list, "ours.bin") } });
	const answer = await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD });
	expect(answer.body.password_leaked).toBe(true);
	expect((await server.request("GET", `/users/${created.id}`)).body.password_leaked).toBe(true);
	await server.stop();
	server = await startTestServer({ dir });
});
