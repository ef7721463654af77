// Imported hashes inside the import's bounds can cost seconds a check (pbkdf2-sha512 at 5,000,000
// iterations: 3.8 s; argon2id at m=256 MiB, t=10, p=16: 3.8 s and 259 MiB). They held the hashing
// slots every password check shares: four parallel wrong guesses at one such user made another
// user's correct sign-in answer 503 after 5 s. Checks against imported hashes now have a lane of
// their own, so ordinary sign-ins keep theirs; and an argon2id hash much costlier than Holm's own
// is replaced after a correct password like any other imported hash.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { pbkdf2Sync } from "node:crypto";
import { availableParallelism } from "node:os";
import { createUser, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";
import { plantPasswordHash, storedPasswordHash, upgradesCounted } from "../password-hashes/plant.ts";

let server: TestServer;
beforeAll(async () => {
	// Work that cannot start within 0.4 s is refused: a slot held by a costly check shows as a 503.
	server = await startTestServer({ hashingStartDeadlineMs: 400, limits: ["incorrect-passwords-user=1000/15m"], hashing: "real" });
});
afterAll(() => server.stop());

/** passlib's $pbkdf2-sha512$ form, at an iteration count the import takes. */
function pbkdf2Sha512(password: string, iterations: number): string {
	const salt = crypto.getRandomValues(new Uint8Array(16));
	const adapted = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replaceAll("+", ".").replaceAll("=", "");
	const key = pbkdf2Sync(password, salt, iterations, 64, "sha512");
	return `$pbkdf2-sha512$${iterations}$${adapted(salt)}$${adapted(new Uint8Array(key))}`;
}

test("wrong guesses at a user with a costly imported hash never make another user's correct sign-in wait for a slot", async () => {
	const ordinary = await createUser(server);
	const imported = await createUser(server);
	await plantPasswordHash(server, imported.id, pbkdf2Sha512(STRONG_PASSWORD, 2_000_000));
	const guesses = Array.from({ length: availableParallelism() * 2 }, (_, i) =>
		server.request("POST", "/authenticate/password", { email: imported.email, password: `wrong guess ${i}`, client_ip: `198.51.100.${i + 1}` }),
	);
	while (server.ctx.hasher.load().running === 0) await Bun.sleep(2);
	await Bun.sleep(50);
	const started = performance.now();
	const signIn = await server.request("POST", "/authenticate/password", { email: ordinary.email, password: STRONG_PASSWORD, client_ip: "203.0.113.9" });
	const ms = performance.now() - started;
	expect(signIn.status).toBe(200);
	expect(ms).toBeLessThan(1500);
	// The guesses at the costly hash are wrong or, past their own lane's deadline, unavailable: never a 500.
	for (const guess of await Promise.all(guesses)) expect([400, 503]).toContain(guess.status);
}, 60_000);

test("an argon2id hash much costlier than Holm's own is replaced by Holm's after a correct password", async () => {
	const user = await createUser(server);
	await plantPasswordHash(server, user.id, await Bun.password.hash(STRONG_PASSWORD, { algorithm: "argon2id", memoryCost: 65536, timeCost: 3 }));
	const before = await upgradesCounted(server, "argon2id");
	expect((await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD })).status).toBe(200);
	expect(await storedPasswordHash(server, user.id)).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
	expect((await upgradesCounted(server, "argon2id")) - before).toBe(1);
});
