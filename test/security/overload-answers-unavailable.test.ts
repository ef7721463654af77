// Attack: flood the password endpoints (argon2id costs tens of milliseconds of CPU each) so that
// work queues without end: every caller waits longer and longer, memory grows with the queue, and
// legitimate sign-ins time out. Work that cannot start within 5 seconds is refused with
// 503 UNAVAILABLE and Retry-After instead; and a sign-in refused that way is no guess, so an
// overload cannot get a user blocked.
import { expect, test } from "bun:test";
import { FaroeError } from "@faroe/sdk";
import { createUser, STRONG_PASSWORD, type Answer, serverForThisFile } from "../support/server.ts";

// 5 s in production; a quarter of a second here, so that a few hundred requests overload it.
const DEADLINE_MS = 250;

const server = serverForThisFile({ hashingStartDeadlineMs: DEADLINE_MS, hashing: "real", listen: true });

test("argon2id work that cannot start in time answers 503 UNAVAILABLE, and does not count as a guess", async () => {
	const user = await createUser(server);
	// More unknown-email sign-ins than the cores can verify in time (each costs one verification)...
	const flood = Array.from({ length: 200 }, (_, i) =>
		server.request("POST", "/authenticate/password", { email: `nobody${i}@example.com`, password: STRONG_PASSWORD }),
	);
	// ...then, once most of them wait for a core (not after a fixed sleep: a slow machine may not
	// have sent them all yet), the user's own sign-ins, which queue behind them (9 at once, and one
	// more through @faroe/sdk: the per-user limit admits no more checks in flight). Until they are
	// answered, fresh work keeps arriving at the server's own gate, far faster than two cores can
	// hash it (on PostgreSQL the sign-ins reach the gate only after their lookups, when the first
	// flood may have timed out already).
	while (server.ctx.hasher.load().waiting < 100) await Bun.sleep(5);
	let answered = false;
	const keepFull = (async () => {
		while (!answered) {
			for (let i = 0; i < 4; i++) server.ctx.hasher.hash(STRONG_PASSWORD).catch(() => {});
			await Bun.sleep(2);
		}
	})();
	const own = Array.from({ length: 9 }, () => server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD }));
	const answers: Answer[] = await Promise.all([...flood, ...own]);
	// @faroe/sdk knows no UNAVAILABLE and surfaces it as a FaroeError with the status and code. (A
	// check may still start in the instant a core frees as the work ahead of it times out, so ask
	// until one is refused.)
	let sdkError: FaroeError | null = null;
	for (let i = 0; i < 10 && sdkError === null; i++) {
		sdkError = await server.faroe.verifyUserPassword(user.id, STRONG_PASSWORD, null).then(
			() => null,
			(error: unknown) => (error instanceof FaroeError ? error : Promise.reject(error)),
		);
	}
	answered = true;
	await keepFull;
	while (server.ctx.hasher.load().waiting > 0) await Bun.sleep(10);
	expect([sdkError?.status, sdkError?.code]).toEqual([503, "UNAVAILABLE"]);

	const unavailable = answers.filter((answer) => answer.status === 503);
	expect(unavailable.length).toBeGreaterThan(0);
	for (const answer of unavailable) {
		expect(answer.body).toEqual({ error: "UNAVAILABLE" });
		expect(answer.headers.get("Retry-After")).toBe("5");
	}
	// Every other answer is what the request deserved.
	expect(answers.filter((answer) => ![503, 404, 204].includes(answer.status)).map((answer) => [answer.status, answer.body])).toEqual([]);
	const ownRefused = (await Promise.all(own)).filter((answer) => answer.status === 503).length;
	expect(ownRefused).toBeGreaterThanOrEqual(5);

	// The refused sign-ins of the user did not count as incorrect passwords: no block.
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: "now a wrong one" })).body).toEqual({
		error: "INCORRECT_PASSWORD",
	});
	expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
});
