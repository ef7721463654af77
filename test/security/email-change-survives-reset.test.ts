// Attack: with brief access to a victim's session, start an email change to an address the
// attacker holds. The victim notices and resets (or changes) their password, but the pending
// change survived: the attacker confirmed it later, took over the account's email, and received
// the next reset codes. Resetting or changing a password deletes the user's email update requests.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

test("a password reset cancels a pending email change", async () => {
	const victim = await createUser(server);
	const change = (await server.request("POST", `/users/${victim.id}/email-update-requests`, { email: "attacker-reset@example.net" })).body;
	const reset = (await server.request("POST", `/users/${victim.id}/password-reset-requests`, {})).body;
	await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });
	expect((await server.request("POST", "/reset-password", { request_id: reset.id, password: "victim's fresh passphrase" })).status).toBe(204);

	expect((await server.request("POST", "/verify-new-email", { request_id: change.id, code: change.code })).body).toEqual({ error: "INVALID_REQUEST" });
	expect((await server.request("GET", `/users/${victim.id}`)).body.email).toBe(victim.email);
	expect((await server.request("GET", `/users/${victim.id}/email-update-requests`)).body).toEqual([]);
});

test("a password change cancels a pending email change", async () => {
	const victim = await createUser(server);
	const change = (await server.request("POST", `/users/${victim.id}/email-update-requests`, { email: "attacker-update@example.net" })).body;
	const updated = await server.request("POST", `/users/${victim.id}/update-password`, { password: STRONG_PASSWORD, new_password: "victim's fresh passphrase" });
	expect(updated.status).toBe(204);

	expect((await server.request("POST", "/verify-new-email", { request_id: change.id, code: change.code })).body).toEqual({ error: "INVALID_REQUEST" });
	expect((await server.request("GET", `/users/${victim.id}`)).body.email).toBe(victim.email);
});
