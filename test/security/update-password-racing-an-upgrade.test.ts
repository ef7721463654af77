// update-password racing the first sign-in of an imported user: both proved the same (right)
// password against the imported hash; the sign-in's upgrade to argon2id changed the stored hash
// (a compare-and-swap), and the update's own compare-and-swap then found "the password changed
// meanwhile" and answered INCORRECT_PASSWORD for the right password (6 of 8 rounds on SQLite, 4 of 8
// on PostgreSQL, in the audit). An upgrade keeps the password: the update must go through.
import { afterAll, beforeAll, expect, test } from "bun:test";
import bcryptjs from "bcryptjs";
import { createUser, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";
import { plantPasswordHash, storedPasswordHash } from "../password-hashes/plant.ts";

let server: TestServer;
beforeAll(async () => {
	server = await startTestServer();
});
afterAll(() => server.stop());

test("the right password is never called wrong because a parallel sign-in upgraded its imported hash", async () => {
	const rounds = 8;
	const outcomes: number[] = [];
	for (let round = 0; round < rounds; round++) {
		const user = await createUser(server);
		await plantPasswordHash(server, user.id, bcryptjs.hashSync(STRONG_PASSWORD, 8));
		const newPassword = `a new passphrase for round ${round}`;
		const [signIn, update] = await Promise.all([
			server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD }),
			server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password: newPassword }),
		]);
		expect(signIn.status).toBe(200);
		outcomes.push(update.status);
		// Whichever came first, the update's password is the one in force, in argon2id.
		expect(await storedPasswordHash(server, user.id)).toStartWith("$argon2id$");
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: newPassword })).status).toBe(204);
		server.clock.advance(16 * 60_000);
	}
	expect(outcomes).toEqual(Array.from({ length: rounds }, () => 204));
});
