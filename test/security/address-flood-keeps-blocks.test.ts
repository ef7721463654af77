// Attack: the limiters forget the least recently used key once they hold their capacity of keys.
// Blocked at one address, an attacker sent requests from that many new addresses (cheap ones, with
// an empty password that took no hashing) until the blocked address was evicted and could guess
// again. Eviction never frees a key before its block ends, and every password check costs one
// argon2id verification, whatever the password.
import { describe, expect, test } from "bun:test";
import { createUser, serverForThisFile, STRONG_PASSWORD } from "../support/server.ts";

const CAPACITY = 40;
const server = serverForThisFile({ limiterCapacity: CAPACITY });

test("a flood of new addresses does not unblock a blocked one", async () => {
	const user = await createUser(server);
	const blocked = "203.0.113.66";
	for (let i = 0; i < 5; i++) {
		server.clock.advance(10_000);
		await server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong guess", client_ip: blocked });
	}
	const target = await createUser(server); // a fresh user, so the per-user limit stays out of this
	for (let i = 0; i < CAPACITY * 3; i++) {
		await server.request("POST", `/users/${target.id}/password-reset-requests`, { client_ip: `10.9.${i >> 8}.${i & 255}` });
		await server.request("POST", "/authenticate/password", { email: `nobody${i}@example.com`, password: "", client_ip: `10.8.${i >> 8}.${i & 255}` });
	}
	server.clock.advance(10_000);
	const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: blocked });
	expect(answer.body).toEqual({ error: "TOO_MANY_REQUESTS" });
});

test("a blocked per-user request limit survives a flood of other users", async () => {
	const user = await createUser(server);
	for (let i = 0; i < 3; i++) expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).status).toBe(200);
	const others = [];
	for (let i = 0; i < CAPACITY + 5; i++) others.push(await createUser(server, { email: null }));
	for (const other of others) await server.request("POST", `/users/${other.id}/password-reset-requests`, {});
	expect((await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body).toEqual({ error: "TOO_MANY_REQUESTS" });
});

describe("with argon2id at the contract's cost", () => {
	const hashing = serverForThisFile({ hashing: "real" });

	test("an empty password costs a full argon2id verification", async () => {
		const user = await createUser(hashing);
		const before = process.cpuUsage();
		for (let i = 0; i < 8; i++) {
			expect((await hashing.request("POST", `/users/${user.id}/verify-password`, { password: "" })).body).toEqual({ error: "INCORRECT_PASSWORD" });
			hashing.clock.advance(60 * 60_000); // keeps the per-user block out of this
		}
		const spent = process.cpuUsage(before);
		// One argon2id verification (m=19456 KiB, t=2) is tens of milliseconds of CPU; answering without
		// one takes well under a millisecond. CPU time cannot shrink on a busy machine.
		expect((spent.user + spent.system) / 1000).toBeGreaterThan(8 * 8);
	});
});
