// Attack: the per-user limits on reset, verification and update requests can be spent by anyone,
// and client_ip was accepted but ignored on those endpoints: one address made 60 reset requests
// for 20 users (mail bombing them, and using up their allowance). One address may now make 10 of
// these requests in 15 minutes, all three kinds together.
import { expect, test } from "bun:test";
import { createUser, uniqueEmail, serverForThisFile } from "../support/server.ts";

const MINUTE = 60_000;

const server = serverForThisFile();

test("one address gets 10 reset, verification and update requests in 15 minutes, across users", async () => {
	const ip = "192.0.2.200";
	const users = [];
	for (let i = 0; i < 6; i++) users.push(await createUser(server));
	const statuses: number[] = [];
	for (const user of users) {
		statuses.push((await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: ip })).status);
		statuses.push((await server.request("POST", `/users/${user.id}/email-verification-request`, { client_ip: ip })).status);
		statuses.push((await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail(), client_ip: ip })).status);
	}
	expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
	expect(statuses.slice(10)).toEqual(Array(8).fill(400));
	const refused = await server.request("POST", `/users/${users[5]!.id}/password-reset-requests`, { client_ip: ip });
	expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(Number(refused.headers.get("Retry-After"))).toBe(15 * 60);
	// Another address is not affected, and a refused request used up nothing of the user's own allowance.
	expect((await server.request("POST", `/users/${users[5]!.id}/password-reset-requests`, { client_ip: "192.0.2.201" })).status).toBe(200);

	server.clock.advance(15 * MINUTE);
	expect((await server.request("POST", `/users/${users[5]!.id}/password-reset-requests`, { client_ip: ip })).status).toBe(200);
});
