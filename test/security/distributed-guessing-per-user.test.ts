// Attack: guess one user's password from many addresses (a botnet), 4 from each, so that no
// address is ever blocked. A per-user limit, 10 incorrect passwords in 15 minutes from all
// addresses together, blocks password checks for that user for the rest of the window.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, uniqueEmail, serverForThisFile } from "../support/server.ts";

const MINUTE = 60_000;

const server = serverForThisFile();

test("10 incorrect passwords from 10 addresses block the user's password checks for 15 minutes", async () => {
	const email = uniqueEmail();
	const user = await createUser(server, { email });
	for (let i = 0; i < 10; i++) {
		const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: "botnet guess", client_ip: `198.18.0.${i + 1}` });
		expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
	}
	// Now even the right password from a fresh address is refused, on every password endpoint.
	const refused = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.18.1.1" });
	expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(Number(refused.headers.get("Retry-After"))).toBe(15 * 60);
	expect((await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD, client_ip: "198.18.1.2" })).body).toEqual({
		error: "TOO_MANY_REQUESTS",
	});
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({
		error: "TOO_MANY_REQUESTS",
	});
	// Other users are not affected.
	const other = await createUser(server);
	expect((await server.request("POST", `/users/${other.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.18.1.3" })).status).toBe(204);
	// Password reset still works while the user is blocked.
	expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).status).toBe(200);

	server.clock.advance(15 * MINUTE);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.18.1.4" })).status).toBe(204);
});
