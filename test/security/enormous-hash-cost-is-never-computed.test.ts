// Attack: a password hash whose cost is enormous (argon2 with 4 GiB, bcrypt cost 31, PBKDF2 with a
// billion iterations, scrypt with N = 2^30) is planted in the database, by an import from a hostile
// source or by anyone who can write the table; every password check against it would then tie up a
// core and gigabytes for as long as the attacker likes. Bun.password.verify takes its cost from the
// string with no limit. Holm checks each form's bounds before anything is computed: the check
// answers INCORRECT_PASSWORD at once and logs a warning (without the hash).
//
// The first cases carry the RIGHT password in a hash just over the bound: a check that computed it
// would answer 204, so INCORRECT_PASSWORD proves it was never computed (without timing anything).
import { describe, expect, test } from "bun:test";
import { createUser, recordingLogger, serverForThisFile, STRONG_PASSWORD } from "../support/server.ts";
import { plantPasswordHash } from "../password-hashes/plant.ts";

const recorded = recordingLogger();

/** The warnings logged so far, each with its fields. */
function warnings(): { message: string; fields: Record<string, unknown> }[] {
	return recorded.entries().flatMap(({ time: _time, level, message, ...fields }) => (level === "warn" ? [{ message, fields }] : []));
}

const server = serverForThisFile({ log: recorded.log });

async function checkAgainst(hash: string): Promise<{ status: number; body: unknown }> {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, hash);
	const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	return { status: answer.status, body: answer.body };
}

describe("a hash of the right password just over its bound is not computed", () => {
	test("bcrypt cost 15 (the bound is 14)", async () => {
		// Bun.password.hash(STRONG_PASSWORD, { algorithm: "bcrypt", cost: 15 }), made once (2 s).
		const answer = await checkAgainst("$2b$15$992gZhedcwZDaQsFm6qFgeFYiBCk/6erdz62HnkA/FMaS.tcC0oPy");
		expect(answer).toEqual({ status: 400, body: { error: "INCORRECT_PASSWORD" } });
	});

	test("argon2id t=11 (the bound is 10)", async () => {
		const hash = await Bun.password.hash(STRONG_PASSWORD, { algorithm: "argon2id", memoryCost: 8, timeCost: 11 });
		expect(await checkAgainst(hash)).toEqual({ status: 400, body: { error: "INCORRECT_PASSWORD" } });
	});

	test("argon2id p=17 (the bound is 16)", async () => {
		const hash = (await Bun.password.hash(STRONG_PASSWORD, { algorithm: "argon2id", memoryCost: 8, timeCost: 1 })).replace("p=1$", "p=17$");
		expect(await checkAgainst(hash)).toEqual({ status: 400, body: { error: "INCORRECT_PASSWORD" } });
	});
});

describe("enormous costs answer at once", () => {
	const salt = "c29tZXNhbHRzb21lc2FsdA";
	const cases: [string, string][] = [
		["argon2id m=4 GiB", `$argon2id$v=19$m=4194304,t=1,p=1$${salt}$MNzk5BtR2vUhrp6qQEjRNwMNzk5BtR2vUhrp6qQEjRNw`],
		["argon2id t=4294967295", `$argon2id$v=19$m=19456,t=4294967295,p=1$${salt}$MNzk5BtR2vUhrp6qQEjRNwMNzk5BtR2vUhrp6qQEjRNw`],
		["bcrypt cost 31", "$2b$31$992gZhedcwZDaQsFm6qFgeFYiBCk/6erdz62HnkA/FMaS.tcC0oPy"],
		["Django bcrypt_sha256 cost 31", "bcrypt_sha256$$2b$31$992gZhedcwZDaQsFm6qFgeFYiBCk/6erdz62HnkA/FMaS.tcC0oPy"],
		["WordPress bcrypt cost 31", "$wp$2y$31$992gZhedcwZDaQsFm6qFgeFYiBCk/6erdz62HnkA/FMaS.tcC0oPy"],
		["Django PBKDF2 10^9 iterations", "pbkdf2_sha256$1000000000$seasalt$8xBlGd3jVgvJ+92hWPxi5ww0uuAuAnKgC45eudxro7c="],
		["PHC PBKDF2 10^9 iterations", `$pbkdf2-sha256$i=1000000000,l=32$${salt}$QJxzfvdbHYBpydCbHoFg3GJEqMFULwskiuqiJctoYpI`],
		["passlib PBKDF2 10^9 iterations", "$pbkdf2-sha512$1000000000$RHY0Fr3IDMSVO/RSZyb5ow$eNLfBK.eVozomMr.1gYa17k9B7KIK25NOEshvhrSX.esqY3s.FvWZViXz4KoLlQI.BzY/YTNJOiKc5gBYFYGww"],
		["scrypt N=2^30", `$scrypt$ln=30,r=8,p=1$${salt}$mTpvG8lzuuDk+DWz8HZIB6Vum6erDuUm0As5yU+VxWA`],
		["scrypt r=1024", `$scrypt$ln=14,r=1024,p=1$${salt}$mTpvG8lzuuDk+DWz8HZIB6Vum6erDuUm0As5yU+VxWA`],
		["Firebase scrypt N=2^30", "$fbscrypt$v=1,n=30,r=8,p=1,ss=Bw==,sk=jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==$42xEC+ixf3L2lw==$lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ=="],
		["phpass 2^30 rounds", "$P$SIQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0"],
	];
	for (const [name, hash] of cases) {
		test(name, async () => {
			expect(await checkAgainst(hash)).toEqual({ status: 400, body: { error: "INCORRECT_PASSWORD" } });
		});
	}
});

test("the refusal is logged as a warning that names the user but not the hash", async () => {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, "$2b$31$992gZhedcwZDaQsFm6qFgeFYiBCk/6erdz62HnkA/FMaS.tcC0oPy");
	recorded.clear();
	await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	const about = warnings().filter((warning) => warning.fields.user_id === user.id);
	expect(about).toHaveLength(1);
	expect(about[0]!.fields.reason).toBe("INVALID_PASSWORD_HASH");
	expect(JSON.stringify(about)).not.toContain("992gZhedcw");
});
