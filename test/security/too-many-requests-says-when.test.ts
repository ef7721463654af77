// Without a Retry-After, a refused client can only guess when to come back: well-behaved callers
// back off too long, and naive ones retry at once and keep the limit hot. Every TOO_MANY_REQUESTS
// answer carries Retry-After, the whole seconds until the refused call could succeed.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, uniqueEmail, type Answer, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

function retryAfter(answer: Answer): number {
	expect(answer.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	return Number(answer.headers.get("Retry-After"));
}

test("the hashing bucket: seconds until the next token", async () => {
	const ip = "192.0.2.77";
	for (let i = 0; i < 5; i++) await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip });
	expect(retryAfter(await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: ip }))).toBe(10);
	server.clock.advance(7_500);
	expect(retryAfter(await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: ip }))).toBe(3);
});

test("incorrect passwords per address: seconds until the window ends", async () => {
	const user = await createUser(server);
	const ip = "192.0.2.78";
	for (let i = 0; i < 5; i++) {
		server.clock.advance(10_000);
		await server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong one", client_ip: ip });
	}
	server.clock.advance(10_000);
	// The window opened at the first failure, 50 s ago.
	expect(retryAfter(await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip }))).toBe(900 - 50);
});

test("requests per user: seconds until the oldest leaves the 15-minute window", async () => {
	const user = await createUser(server);
	for (const path of ["password-reset-requests", "email-verification-request"]) {
		await server.request("POST", `/users/${user.id}/${path}`, {});
		server.clock.advance(60_000);
		await server.request("POST", `/users/${user.id}/${path}`, {});
		await server.request("POST", `/users/${user.id}/${path}`, {});
		expect(retryAfter(await server.request("POST", `/users/${user.id}/${path}`, {}))).toBe(900 - 60);
	}
	for (let i = 0; i < 3; i++) await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() });
	expect(retryAfter(await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() }))).toBe(900);
});
