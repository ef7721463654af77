// Attacks on the upgrade of an imported hash to argon2id after a correct password.
// - Parallel correct sign-ins of one imported user: each verified the old hash and each wrote its
//   own argon2id hash, so the upgrade ran (and was counted) once per sign-in. The upgrade is a
//   compare-and-swap on the verified hash: one wins, the others change nothing.
// - A password reset racing the upgrade: the sign-in verified the old (slow, imported) hash, the
//   reset wrote the user's new password meanwhile, and the upgrade then wrote an argon2id hash of
//   the OLD password over it, so whoever knew the old password (the reason for the reset, often)
//   kept the account. The compare-and-swap leaves the reset's password in force.
import { expect, test } from "bun:test";
import bcryptjs from "bcryptjs";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";
import { plantPasswordHash, storedPasswordHash, upgradesCounted } from "../password-hashes/plant.ts";

const server = serverForThisFile({ hashing: "real" });

test("parallel correct sign-ins of one imported user upgrade its hash exactly once", async () => {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, bcryptjs.hashSync(STRONG_PASSWORD, 10));
	const before = await upgradesCounted(server, "bcrypt");
	const answers = await Promise.all(
		Array.from({ length: 6 }, () => server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD })),
	);
	expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
	expect((await upgradesCounted(server, "bcrypt")) - before).toBe(1);
	expect(await storedPasswordHash(server, user.id)).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	expect((await upgradesCounted(server, "bcrypt")) - before).toBe(1);
});

test("a password reset racing the upgrade of an imported hash keeps the reset's password", async () => {
	const user = await createUser(server);
	// Cost 13 (about half a second): the reset starts and ends while the sign-in still verifies.
	await plantPasswordHash(server, user.id, await Bun.password.hash(STRONG_PASSWORD, { algorithm: "bcrypt", cost: 13 }));
	const reset = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
	await server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code });

	const signIn = server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD });
	while (server.ctx.hasher.load().running === 0) await Bun.sleep(1);
	const resetAnswer = await server.request("POST", "/reset-password", { request_id: reset.id, password: "the user's own new passphrase" });
	expect(resetAnswer.status).toBe(204);
	// The sign-in proved the password that was in force when it was checked.
	expect((await signIn).status).toBe(200);

	const inForce = async (password: string) => (await server.request("POST", `/users/${user.id}/verify-password`, { password })).status;
	expect(await inForce("the user's own new passphrase")).toBe(204);
	expect(await inForce(STRONG_PASSWORD)).toBe(400);
});
