// Attack: try forged or stolen-then-cloned passkey answers at a sign-in endpoint without end. A
// failed assertion counts as an incorrect password (API.md sections 4 and 10): 5 from one address
// in 15 minutes block that address, 10 at one user from any addresses block that user, for
// passwords and passkeys alike, and the limits are checked before any work is done.
import { beforeEach, expect, test } from "bun:test";
import { authenticator, registered, RP, signIn, startSignIn } from "../support/passkeys.ts";
import { createUser, recordingLogger, serverForThisFile, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

const server = serverForThisFile({ passkeys: RP });
beforeEach(() => server.clock.advance(16 * 60_000));

async function enrolled() {
	const user = await createUser(server);
	const device = authenticator("EdDSA");
	await registered(server, user.id, device);
	return { user, device };
}

function outcome(answer: { status: number; body: any }): string {
	return answer.status === 200 ? "OK" : answer.body.error;
}

test("5 failed assertions from one address block it, for passkeys and passwords, until the window ends", async () => {
	const { user, device } = await enrolled();
	const clientIp = "198.51.100.20";
	for (let i = 0; i < 5; i++) {
		expect(outcome(await signIn(server, device, { clientIp, bend: { corruptSignature: true } }))).toBe("INVALID_CREDENTIAL");
	}
	const refused = await signIn(server, device, { clientIp });
	expect(outcome(refused)).toBe("TOO_MANY_REQUESTS");
	expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
	const password = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: clientIp });
	expect(password.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	// A new sign-in ceremony is not even started for the blocked address.
	expect((await startSignIn(server, { client_ip: clientIp })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	// Another address is not blocked.
	expect(outcome(await signIn(server, device, { clientIp: "198.51.100.21" }))).toBe("OK");
	server.clock.advance(15 * 60_000);
	expect(outcome(await signIn(server, device, { clientIp }))).toBe("OK");
});

test("10 failed assertions at one user from ten addresses block that user's sign-ins, passkey and password", async () => {
	const { user, device } = await enrolled();
	for (let i = 0; i < 10; i++) {
		const answer = await signIn(server, device, { clientIp: `203.0.113.${i + 1}`, bend: { corruptSignature: true } });
		expect(outcome(answer)).toBe("INVALID_CREDENTIAL");
	}
	expect(outcome(await signIn(server, device, { clientIp: "203.0.113.200" }))).toBe("TOO_MANY_REQUESTS");
	expect(outcome(await signIn(server, device))).toBe("TOO_MANY_REQUESTS");
	const password = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	expect(password.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect((await startSignIn(server, { user_id: user.id })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	// Another user's passkey still works.
	const other = await enrolled();
	expect(outcome(await signIn(server, other.device, { clientIp: "203.0.113.201" }))).toBe("OK");
});

test("incorrect passwords count against passkey sign-ins too", async () => {
	const { user, device } = await enrolled();
	const clientIp = "198.51.100.40";
	for (let i = 0; i < 5; i++) {
		server.clock.advance(10_000); // the hashing bucket (5 per 10 s) stays out of this
		const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: `wrong ${i}`, client_ip: clientIp });
		expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
	}
	expect(outcome(await signIn(server, device, { clientIp }))).toBe("TOO_MANY_REQUESTS");
});

test("50 parallel forged assertions from one address: 5 are judged, the rest refused before any work", async () => {
	const { device } = await enrolled();
	const ceremonies = await Promise.all(Array.from({ length: 50 }, () => startSignIn(server)));
	const answers = await Promise.all(
		ceremonies.map((started) =>
			server.request("POST", `/passkey-authentications/${started.body.id}/verify`, {
				credential: device.assert(started.body.options, { corruptSignature: true }),
				client_ip: "198.51.100.50",
			}),
		),
	);
	const counts: Record<string, number> = {};
	for (const answer of answers) counts[outcome(answer)] = (counts[outcome(answer)] ?? 0) + 1;
	expect(counts).toEqual({ INVALID_CREDENTIAL: 5, TOO_MANY_REQUESTS: 45 });
	// Refused before any work: their ceremonies were not used up.
	const refusedCeremonies = ceremonies.filter((_, i) => outcome(answers[i]!) === "TOO_MANY_REQUESTS");
	const left = await server.rows(`SELECT count(*) AS n FROM passkey_ceremony WHERE id IN (${refusedCeremonies.map(() => "?").join(",")})`, ...refusedCeremonies.map((c) => c.body.id));
	expect(Number(left[0]!.n)).toBe(45);
});

test("a correct assertion clears this address's failures against that user, as a correct password does", async () => {
	const { device } = await enrolled();
	const clientIp = "198.51.100.60";
	for (let i = 0; i < 4; i++) expect(outcome(await signIn(server, device, { clientIp, bend: { corruptSignature: true } }))).toBe("INVALID_CREDENTIAL");
	expect(outcome(await signIn(server, device, { clientIp }))).toBe("OK");
	for (let i = 0; i < 4; i++) expect(outcome(await signIn(server, device, { clientIp, bend: { corruptSignature: true } }))).toBe("INVALID_CREDENTIAL");
	expect(outcome(await signIn(server, device, { clientIp }))).toBe("OK");
});

test("an unknown or used ceremony is not a guess: it costs the address nothing", async () => {
	const { device } = await enrolled();
	const clientIp = "198.51.100.70";
	const started = (await startSignIn(server)).body;
	const credential = device.assert(started.options);
	for (let i = 0; i < 8; i++) {
		const answer = await server.request("POST", `/passkey-authentications/abcdefghijkmnpqrstuvwxyz/verify`, { credential, client_ip: clientIp });
		expect(answer.body).toEqual({ error: "INVALID_REQUEST" });
	}
	expect((await server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential, client_ip: clientIp })).status).toBe(200);
});

test("passkey sign-ins do not spend the password-hashing bucket (nothing is hashed)", async () => {
	const { device } = await enrolled();
	for (let i = 0; i < 8; i++) expect(outcome(await signIn(server, device, { clientIp: "198.51.100.80" }))).toBe("OK");
	const user = await createUser(server);
	const password = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.51.100.80" });
	expect(password.status).toBe(204);
});

test("a block completed by failed assertions is told as for passwords: address_blocked, user_blocked", async () => {
	const { log, lines } = recordingLogger("info");
	const logged = await startTestServer({ passkeys: RP, log });
	try {
		const user = await createUser(logged);
		const device = authenticator("EdDSA");
		await registered(logged, user.id, device);
		for (let i = 0; i < 10; i++) {
			const answer = await signIn(logged, device, { clientIp: i < 5 ? "198.51.100.99" : `203.0.113.${i}`, bend: { corruptSignature: true } });
			expect(answer.body).toEqual({ error: "INVALID_CREDENTIAL" });
		}
		const events = lines
			.map((line) => JSON.parse(line))
			.filter((line) => line.message === "security event" && (line.event === "address_blocked" || line.event === "user_blocked"))
			.map(({ event, limit, user_id, client_ip }) => ({ event, limit, user_id, client_ip }));
		expect(events).toEqual([
			{ event: "address_blocked", limit: "incorrect_passwords_address", user_id: user.id, client_ip: "v4:198.51.100.99" },
			{ event: "user_blocked", limit: "incorrect_passwords_user", user_id: user.id, client_ip: "v4:203.0.113.9" },
		]);
	} finally {
		await logged.stop();
	}
});
