// Attack (on the users of a form, not on Holm): a sign-up or reset form behind one address, where
// someone types five weak passwords in a row. Each refusal took a token of the hashing bucket
// although it hashed nothing, so the next, strong, sign-up from that address was refused for 10 s.
// What is cheap to refuse (a password the local leak lists hold, an email in use, an unusable
// reset request) is now judged before a token is taken; only work that hashes spends one.
import { expect, test } from "bun:test";
import { createUser, serverForThisFile, startTestServer, STRONG_PASSWORD, uniqueEmail } from "../support/server.ts";

const server = serverForThisFile();

test("five weak passwords in a row do not lock the sign-up form: a sixth, strong, sign-up succeeds at once", async () => {
	const ip = "192.0.2.90";
	for (let i = 0; i < 5; i++) {
		const weak = await server.request("POST", "/users", { email: uniqueEmail(), password: "password", client_ip: ip });
		expect(weak.body).toEqual({ error: "WEAK_PASSWORD" });
	}
	const strong = await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip });
	expect(strong.status).toBe(200);
});

test("an email in use refused five times spends no token either", async () => {
	const ip = "192.0.2.91";
	const taken = await createUser(server);
	for (let i = 0; i < 5; i++) {
		const refused = await server.request("POST", "/users", { email: taken.email, password: STRONG_PASSWORD, client_ip: ip });
		expect(refused.body).toEqual({ error: "EMAIL_ALREADY_USED" });
	}
	expect((await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip })).status).toBe(200);
});

test("five weak passwords at reset-password do not lock the reset form", async () => {
	const ip = "192.0.2.92";
	const user = await createUser(server);
	const created = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
	const verified = await server.request("POST", `/password-reset-requests/${created.body.id}/verify-email`, { code: created.body.code });
	expect(verified.status).toBe(204);
	for (let i = 0; i < 5; i++) {
		const weak = await server.request("POST", "/reset-password", { request_id: created.body.id, password: "password", client_ip: ip });
		expect(weak.body).toEqual({ error: "WEAK_PASSWORD" });
	}
	const reset = await server.request("POST", "/reset-password", { request_id: created.body.id, password: STRONG_PASSWORD, client_ip: ip });
	expect(reset.status).toBe(204);
});

test("the bucket still holds for work that hashes: the sixth strong sign-up in a row is refused", async () => {
	const ip = "192.0.2.93";
	for (let i = 0; i < 5; i++) {
		expect((await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip })).status).toBe(200);
	}
	const refused = await server.request("POST", "/users", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip });
	expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	expect(refused.headers.get("Retry-After")).toBe("10");
});

test("online, the range API is asked only once a hashing token was taken: a refused sign-up makes no request", async () => {
	let rangeRequests = 0;
	const api = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		fetch() {
			rangeRequests++;
			return new Response("0000000000000000000000000000000000A:0\r\n");
		},
	});
	const online = await startTestServer({ leakCheck: { mode: "online", api: api.url.origin } });
	try {
		const ip = "192.0.2.94";
		expect((await online.request("POST", "/users", { email: uniqueEmail(), password: "password", client_ip: ip })).body).toEqual({ error: "WEAK_PASSWORD" });
		expect(rangeRequests).toBe(0); // the bundled list answered
		for (let i = 0; i < 5; i++) {
			expect((await online.request("POST", "/users", { email: uniqueEmail(), password: `${STRONG_PASSWORD} ${i}`, client_ip: ip })).status).toBe(200);
		}
		expect(rangeRequests).toBe(5);
		const refused = await online.request("POST", "/users", { email: uniqueEmail(), password: `${STRONG_PASSWORD} 6`, client_ip: ip });
		expect(refused.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		expect(rangeRequests).toBe(5);
	} finally {
		await online.stop();
		await api.stop(true);
	}
});
