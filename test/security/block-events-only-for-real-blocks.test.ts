// False alarm: a password guess counts as incorrect from the moment it is admitted (so that parallel
// guesses cannot all start while the count still reads zero), and the block events were logged at
// that moment. Four wrong passwords and then the right one logged a warn-level address_blocked,
// although the address was never refused. A block event is logged once a guess judged incorrect
// leaves the key at its maximum: once per block, and never for a guess that proves right.
import { beforeEach, expect, test } from "bun:test";
import { createUser, recordingLogger, serverForThisFile, STRONG_PASSWORD } from "../support/server.ts";

const { log, lines } = recordingLogger("info");

const server = serverForThisFile({ log });
beforeEach(() => {
	lines.length = 0;
	// A fresh window for every test: the limits of earlier tests are over.
	server.clock.advance(16 * 60_000);
});

function blockEvents(): Record<string, unknown>[] {
	return lines
		.map((line) => JSON.parse(line))
		.filter((line) => line.message === "security event" && (line.event === "address_blocked" || line.event === "user_blocked"))
		.map(({ time: _time, message: _message, ...event }) => event);
}

async function guess(userId: string, password: string, clientIp: string): Promise<string | undefined> {
	server.clock.advance(10_000); // keeps the hashing bucket (5 per 10 s per address) out of this
	const answer = await server.request("POST", `/users/${userId}/verify-password`, { password, client_ip: clientIp });
	return answer.status === 204 ? "OK" : answer.body?.error;
}

test("a correct password after four wrong ones logs no block", async () => {
	const user = await createUser(server);
	for (let i = 0; i < 4; i++) expect(await guess(user.id, `wrong ${i}`, "198.51.100.31")).toBe("INCORRECT_PASSWORD");
	expect(await guess(user.id, STRONG_PASSWORD, "198.51.100.31")).toBe("OK");
	// And the address was never refused: it may guess again.
	expect(await guess(user.id, "wrong again", "198.51.100.31")).toBe("INCORRECT_PASSWORD");
	expect(blockEvents()).toEqual([]);
});

test("a correct password after nine wrong ones from other addresses logs no user block", async () => {
	const user = await createUser(server);
	for (let i = 0; i < 9; i++) expect(await guess(user.id, `wrong ${i}`, `198.51.100.${40 + i}`)).toBe("INCORRECT_PASSWORD");
	expect(await guess(user.id, STRONG_PASSWORD, "198.51.100.40")).toBe("OK");
	expect(blockEvents()).toEqual([]);
});

test("the fifth wrong password logs one address_blocked, with the user", async () => {
	const user = await createUser(server);
	for (let i = 0; i < 5; i++) expect(await guess(user.id, `wrong ${i}`, "198.51.100.60")).toBe("INCORRECT_PASSWORD");
	expect(await guess(user.id, STRONG_PASSWORD, "198.51.100.60")).toBe("TOO_MANY_REQUESTS");
	expect(blockEvents()).toEqual([
		{ level: "warn", event: "address_blocked", limit: "incorrect_passwords_address", client_ip: "v4:198.51.100.60", user_id: user.id },
	]);
});

test("the tenth wrong password logs one user_blocked, with the address it came from", async () => {
	const user = await createUser(server);
	for (let i = 0; i < 10; i++) expect(await guess(user.id, `wrong ${i}`, `198.51.100.${70 + i}`)).toBe("INCORRECT_PASSWORD");
	expect(await guess(user.id, STRONG_PASSWORD, "198.51.100.99")).toBe("TOO_MANY_REQUESTS");
	expect(blockEvents()).toEqual([
		{ level: "warn", event: "user_blocked", limit: "incorrect_passwords_user", user_id: user.id, client_ip: "v4:198.51.100.79" },
	]);
});

test("fifty parallel wrong passwords from one address log one address_blocked", async () => {
	const user = await createUser(server);
	const answers = await Promise.all(
		Array.from({ length: 50 }, (_, i) => server.request("POST", `/users/${user.id}/verify-password`, { password: `parallel ${i}`, client_ip: "198.51.100.111" })),
	);
	expect(answers.filter((a) => a.body?.error === "INCORRECT_PASSWORD")).toHaveLength(5);
	expect(blockEvents()).toEqual([
		{ level: "warn", event: "address_blocked", limit: "incorrect_passwords_address", client_ip: "v4:198.51.100.111", user_id: user.id },
	]);
});

test("five sign-ins with emails that name nobody log one address_blocked, without a user", async () => {
	for (let i = 0; i < 5; i++) {
		server.clock.advance(10_000);
		const answer = await server.request("POST", "/authenticate/password", { email: `nobody-${i}@example.com`, password: "whatever it is", client_ip: "198.51.100.120" });
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	}
	expect(blockEvents()).toEqual([{ level: "warn", event: "address_blocked", limit: "incorrect_passwords_address", client_ip: "v4:198.51.100.120", user_id: null }]);
});
