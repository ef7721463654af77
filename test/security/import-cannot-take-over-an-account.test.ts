// Attack: whoever can feed rows to an import (a CSV from a partner, a compromised pipeline) adds a
// row with an existing user's id or email and a password hash of their own, TOTP key and recovery
// code, hoping the import replaces the account's credentials. An import only ever adds users: a
// taken id or email fails or is skipped, and the account keeps every credential it had.
import { expect, test } from "bun:test";
import { encodeBase64 } from "@oslojs/encoding";
import { createUser, STRONG_PASSWORD, uniqueEmail, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

test("rows naming an existing user's id or email change none of its credentials, with error or skip", async () => {
	const victim = await createUser(server);
	const attackerPassword = "the attacker's own password";
	const attackerHash = await Bun.password.hash(attackerPassword, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
	const attackerKey = encodeBase64(crypto.getRandomValues(new Uint8Array(20)));
	const table = server.store === "postgres" ? '"user"' : "user";
	const before = await server.rows(`SELECT * FROM ${table} WHERE id = ?`, victim.id);

	for (const onConflict of ["error", "skip"] as const) {
		const answer = await server.request("POST", "/user-imports", {
			on_conflict: onConflict,
			users: [
				{ id: victim.id, email: uniqueEmail(), password_hash: attackerHash, totp_key: attackerKey, recovery_code: "AAAAAAAA" },
				{ email: victim.email, password_hash: attackerHash, totp_key: attackerKey, recovery_code: "AAAAAAAA" },
				{ id: victim.id, email: victim.email, email_verified: true, password_hash: attackerHash, totp_key: attackerKey, recovery_code: "AAAAAAAA" },
			],
		});
		expect(answer.body.created).toBe(0);
	}

	expect(await server.rows(`SELECT * FROM ${table} WHERE id = ?`, victim.id)).toEqual(before);
	expect(await server.rows("SELECT user_id FROM totp_credential WHERE user_id = ?", victim.id)).toEqual([]);
	expect((await server.request("POST", `/users/${victim.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	expect((await server.request("POST", "/authenticate/password", { email: victim.email, password: attackerPassword })).body).toEqual({ error: "INCORRECT_PASSWORD" });
	expect((await server.request("POST", `/users/${victim.id}/reset-2fa`, { recovery_code: "AAAAAAAA" })).body).toEqual({ error: "INCORRECT_CODE" });
});
