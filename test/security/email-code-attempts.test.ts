// Attack: guess the 8-character code of an email verification or email update request, by firing
// many guesses at once (hoping each reads the attempt count before any writes it back) or by
// spreading them over a server restart (hoping the count was kept in memory). Each code check and
// its count are one synchronous transaction over the database, so a request gets 5 guesses in all.
import { expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createUser, serverForThisFile, startTestServer, tempDir, uniqueEmail } from "../support/server.ts";

const server = serverForThisFile();

/** 50 distinct codes in the code alphabet, none equal to `right`. */
function guesses(right: string): string[] {
	return Array.from({ length: 51 }, (_, i) => `GUESS${String(i).padStart(3, "2")}`).filter((code) => code !== right).slice(0, 50);
}

test("50 parallel guesses at an email verification code get exactly 5 tries", async () => {
	const user = await createUser(server);
	const request = (await server.request("POST", `/users/${user.id}/email-verification-request`)).body;
	const answers = await Promise.all(
		guesses(request.code).map((code) => server.request("POST", `/users/${user.id}/verify-email`, { code })),
	);
	const errors = answers.map((answer) => answer.body?.error);
	expect(errors.filter((error) => error === "INCORRECT_CODE")).toHaveLength(5);
	expect(errors.filter((error) => error === "NOT_ALLOWED")).toHaveLength(45);
	expect((await server.request("POST", `/users/${user.id}/verify-email`, { code: request.code })).body).toEqual({ error: "NOT_ALLOWED" });
	expect((await server.request("GET", `/users/${user.id}`)).body.email_verified).toBe(false);
});

test("50 parallel guesses at an email update code get exactly 5 tries", async () => {
	const user = await createUser(server);
	const request = (await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() })).body;
	const answers = await Promise.all(
		guesses(request.code).map((code) => server.request("POST", "/verify-new-email", { request_id: request.id, code })),
	);
	const errors = answers.map((answer) => answer.body?.error);
	expect(errors.filter((error) => error === "INCORRECT_CODE")).toHaveLength(5);
	expect(errors.filter((error) => error === "INVALID_REQUEST")).toHaveLength(45);
	const late = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code });
	expect(late.body).toEqual({ error: "INVALID_REQUEST" });
	expect((await server.request("GET", `/users/${user.id}`)).body.email).toBe(user.email);
});

test("guesses spread over a restart still add up to 5", async () => {
	const dir = tempDir();
	const first = await startTestServer({ dir });
	const user = await createUser(first);
	const verification = (await first.request("POST", `/users/${user.id}/email-verification-request`)).body;
	const update = (await first.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() })).body;
	const [wrongVerification, wrongUpdate] = [guesses(verification.code)[0], guesses(update.code)[0]];
	for (let i = 0; i < 3; i++) {
		await first.request("POST", `/users/${user.id}/verify-email`, { code: wrongVerification });
		await first.request("POST", "/verify-new-email", { request_id: update.id, code: wrongUpdate });
	}
	await first.stop();
	const second = await startTestServer({ dir });
	try {
		for (let i = 0; i < 2; i++) {
			expect((await second.request("POST", `/users/${user.id}/verify-email`, { code: wrongVerification })).body).toEqual({ error: "INCORRECT_CODE" });
			expect((await second.request("POST", "/verify-new-email", { request_id: update.id, code: wrongUpdate })).body).toEqual({ error: "INCORRECT_CODE" });
		}
		expect((await second.request("POST", `/users/${user.id}/verify-email`, { code: verification.code })).body).toEqual({ error: "NOT_ALLOWED" });
		expect((await second.request("POST", "/verify-new-email", { request_id: update.id, code: update.code })).body).toEqual({ error: "INVALID_REQUEST" });
	} finally {
		await second.stop();
		rmSync(dir, { recursive: true, force: true });
	}
});
