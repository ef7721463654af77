// Attack: an attacker who knows a user's old password races the user's password reset with
// update-password. The update verified the old hash, then wrote its new one after the reset had
// written the user's: the attacker's password won 10 times in 10. update-password is now a
// compare-and-swap on the hash it verified.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile({ hashing: "real" }); // the race window is the hash

test("an update raced against a reset never overwrites the reset's password", async () => {
	for (let round = 0; round < 6; round++) {
		const user = await createUser(server);
		const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
		await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });
		const usersPassword = `the user's own new one ${round}`;
		const attackersPassword = `attacker's choice ${round}`;
		const [resetAnswer, updateAnswer] = await Promise.all([
			server.request("POST", "/reset-password", { request_id: reset.id, password: usersPassword }),
			server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password: attackersPassword }),
		]);
		// Either order is legitimate (the reset usually finishes first: it hashes once, the update
		// twice), but exactly one of them wins, and the password in force is the winner's.
		const inForce = async (password: string) => (await server.request("POST", `/users/${user.id}/verify-password`, { password })).status === 204;
		if (resetAnswer.status === 204) {
			expect(updateAnswer.body).toEqual({ error: "INCORRECT_PASSWORD" });
			expect(await inForce(usersPassword)).toBe(true);
			expect(await inForce(attackersPassword)).toBe(false);
		} else {
			// The update finished first, which invalidates the user's reset requests.
			expect(resetAnswer.body).toEqual({ error: "INVALID_REQUEST" });
			expect(updateAnswer.status).toBe(204);
			expect(await inForce(attackersPassword)).toBe(true);
		}
	}
});

test("two parallel updates from the same old password: exactly one succeeds", async () => {
	const user = await createUser(server);
	const answers = await Promise.all(
		["first new passphrase", "second new passphrase", "third new passphrase"].map((new_password) =>
			server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password }),
		),
	);
	expect(answers.filter((a) => a.status === 204)).toHaveLength(1);
	expect(answers.filter((a) => a.body?.error === "INCORRECT_PASSWORD")).toHaveLength(2);
});
