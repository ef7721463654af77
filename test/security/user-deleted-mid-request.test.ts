// Attack (or plain bad luck): delete a user while another call for that user is under way. The
// call had found the user, and then wrote a row that points at it (a reset, verification or
// email update request, a TOTP credential, a lockout count): the database refused the write
// (PostgreSQL: foreign key violation 23503) and the call answered 500, 62 times in 25 rounds.
// A user that is gone by the time the write happens answers NOT_FOUND, like one that was gone
// before the call, on both databases.
import { expect, test } from "bun:test";
import { authenticatorCode, createUser, STRONG_PASSWORD, type Answer, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile({ leakCheck: { mode: "off" }, hashing: "real" }); // the race window is the hash

const ROUNDS = 25;

/** Every call that writes a row for the user named in its path. */
function callsFor(userId: string, key: Uint8Array, round: number): [string, unknown][] {
	return [
		[`/users/${userId}/password-reset-requests`, {}],
		[`/users/${userId}/email-verification-request`, {}],
		[`/users/${userId}/email-update-requests`, { email: `moved-${round}-${crypto.randomUUID().slice(0, 8)}@example.com` }],
		[`/users/${userId}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, server.clock.now) }],
		[`/users/${userId}/regenerate-recovery-code`, {}],
		[`/users/${userId}/verify-2fa/totp`, { code: "000000" }],
		[`/users/${userId}/reset-2fa`, { recovery_code: "WRONGCOD" }],
		[`/users/${userId}/verify-email`, { code: "WRONGCOD" }],
	];
}

test(`${ROUNDS} rounds of every user write racing DELETE /users/{id}: no 500, only success or NOT_FOUND`, async () => {
	const seen: Record<string, number> = {};
	for (let round = 0; round < ROUNDS; round++) {
		const user = await createUser(server);
		const key = crypto.getRandomValues(new Uint8Array(20));
		const calls = callsFor(user.id, key, round);
		// The deletion goes out in the middle of the calls, each call twice, so some land on either side.
		const requests = [...calls, ...calls].map(async ([path, body]): Promise<[string, Answer]> => [path, await server.request("POST", path, body)]);
		requests.splice(round % requests.length, 0, server.request("DELETE", `/users/${user.id}`).then((answer): [string, Answer] => ["DELETE", answer]));
		for (const [path, answer] of await Promise.all(requests)) {
			const route = path.replace(user.id, "{id}");
			const outcome = `${route} ${answer.status} ${answer.body?.error ?? ""}`.trim();
			seen[outcome] = (seen[outcome] ?? 0) + 1;
		}
	}
	const failures = Object.entries(seen).filter(([outcome]) => / 5\d\d/.test(outcome));
	expect(failures).toEqual([]);
	// Whatever did not succeed found no user (or, for the checks, no request or credential of it).
	const allowed = /^(DELETE (204|404 NOT_FOUND)|\S+ (200|204|404 NOT_FOUND|400 INCORRECT_CODE|400 NOT_ALLOWED|400 TOO_MANY_REQUESTS|400 EMAIL_ALREADY_USED))$/;
	expect(Object.keys(seen).filter((outcome) => !allowed.test(outcome))).toEqual([]);
});

test("a password change racing DELETE /users/{id} answers NOT_FOUND or succeeds, never 500", async () => {
	const statuses = new Set<number>();
	for (let round = 0; round < 5; round++) {
		const user = await createUser(server);
		const answers = await Promise.all([
			server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD} ${round}` }),
			server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD }),
			server.request("DELETE", `/users/${user.id}`),
		]);
		for (const answer of answers) statuses.add(answer.status);
	}
	expect([...statuses].filter((status) => status >= 500)).toEqual([]);
});
