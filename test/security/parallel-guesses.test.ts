// Attack: fire many guesses at once, hoping that each one reads the attempt count before any of
// them writes it back. Every count is checked and updated in one step, so none slips through.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile({ hashing: "real" }); // the race window is the hash

test("50 parallel guesses at one reset code get exactly 5 tries", async () => {
	const user = await createUser(server);
	const request = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	const guesses = Array.from({ length: 50 }, (_, i) => `GUESS${String(i).padStart(3, "2")}`.slice(0, 8));
	const answers = await Promise.all(
		guesses.map((code) => server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code })),
	);
	const errors = answers.map((a) => a.body?.error);
	expect(errors.filter((e) => e === "INCORRECT_CODE")).toHaveLength(5);
	expect(errors.filter((e) => e === "NOT_FOUND")).toHaveLength(45);
	// The request is gone: even the right code no longer helps.
	expect((await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code })).status).toBe(404);
});

test("50 parallel wrong passwords from one address get 5 verifications, the rest TOO_MANY_REQUESTS", async () => {
	const user = await createUser(server);
	const answers = await Promise.all(
		Array.from({ length: 50 }, (_, i) =>
			server.request("POST", `/users/${user.id}/verify-password`, { password: `guess number ${i}`, client_ip: "198.51.100.50" }),
		),
	);
	const errors = answers.map((a) => a.body?.error);
	expect(errors.filter((e) => e === "INCORRECT_PASSWORD")).toHaveLength(5);
	expect(errors.filter((e) => e === "TOO_MANY_REQUESTS")).toHaveLength(45);
});

test("parallel resets with one verified request: exactly one sets the password", async () => {
	const user = await createUser(server);
	const request = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code });
	const passwords = ["first new passphrase 1", "second new passphrase 2", "third new passphrase 3"];
	const answers = await Promise.all(passwords.map((password) => server.request("POST", "/reset-password", { request_id: request.id, password })));
	expect(answers.filter((a) => a.status === 204)).toHaveLength(1);
	expect(answers.filter((a) => a.body?.error === "INVALID_REQUEST")).toHaveLength(2);
	const winner = passwords[answers.findIndex((a) => a.status === 204)]!;
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: winner })).status).toBe(204);
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(400);
});
