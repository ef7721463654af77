// Attack: flooding the database with sign-in requests from one address (each is a row kept 10
// minutes), or dodging the bucket of code requests by alternating kinds. Starting a sign-in with an
// identity provider takes from the same per-address bucket as reset, verification, update and email
// sign-in requests (`code-requests-address`, 10 in 15 minutes), and is refused before Holm asks the
// provider for anything.
import { afterAll, expect, test } from "bun:test";
import { startFakeOpenIdProvider } from "../support/identity-providers.ts";
import { serverForThisFile, uniqueEmail } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

test("email sign-ins and external sign-ins from one address share its 10 requests in 15 minutes", async () => {
	const ip = "192.0.2.210";
	const statuses: number[] = [];
	for (let i = 0; i < 5; i++) {
		statuses.push((await server.request("POST", "/email-sign-ins", { email: uniqueEmail(), client_ip: ip })).status);
		statuses.push((await server.request("POST", "/external-sign-ins", { provider: "idp", client_ip: ip })).status);
	}
	expect(statuses).toEqual(Array(10).fill(200));
	const refused = await server.request("POST", "/external-sign-ins", { provider: "idp", client_ip: ip });
	expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
	expect((await server.request("POST", "/email-sign-ins", { email: uniqueEmail(), client_ip: ip })).body).toEqual({ error: "TOO_MANY_REQUESTS" });
	// Another address is not affected; without client_ip, nothing is counted.
	expect((await server.request("POST", "/external-sign-ins", { provider: "idp", client_ip: "192.0.2.211" })).status).toBe(200);
	expect((await server.request("POST", "/external-sign-ins", { provider: "idp" })).status).toBe(200);
	server.clock.advance(15 * 60_000);
	expect((await server.request("POST", "/external-sign-ins", { provider: "idp", client_ip: ip })).status).toBe(200);
});
