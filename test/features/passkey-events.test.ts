// Passkeys in the event feed (API.md sections 10 and 11): a registration, a sign-in, a failed
// sign-in, a cloned authenticator and a deletion are stored and read back from GET /events and
// GET /users/{id}/events, with the passkey's id and never a key, challenge or signature.
import { expect, test } from "bun:test";
import { comparable, feedSettled } from "../support/events-flow.ts";
import { authenticator, registered, RP, signIn, startRegistration, startSignIn } from "../support/passkeys.ts";
import { createUser, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile({ passkeys: RP });

async function eventsOf(userId: string): Promise<any[]> {
	await feedSettled(server);
	const answer = await server.request("GET", `/users/${userId}/events?limit=100`);
	expect(answer.status).toBe(200);
	return answer.body.events;
}

test("a passkey's registration, sign-ins, clone and deletion are events of its user", async () => {
	const user = await createUser(server);
	const device = authenticator();
	const started = (await startRegistration(server, user.id)).body;
	const credential = device.register(started.options);
	const registration = await server.request("POST", `/passkey-registrations/${started.id}/verify`, { credential, client_ip: "192.0.2.7" });
	expect(registration.status).toBe(200);
	const passkey = registration.body;

	expect((await signIn(server, device, { clientIp: "192.0.2.8" })).status).toBe(200);
	expect((await signIn(server, device, { clientIp: "192.0.2.9", bend: { corruptSignature: true } })).body).toEqual({ error: "INVALID_CREDENTIAL" });
	const clone = await startSignIn(server, {});
	const assertion = device.clone(0).assert(clone.body.options);
	const cloned = await server.request("POST", `/passkey-authentications/${clone.body.id}/verify`, { credential: assertion, client_ip: "192.0.2.10" });
	expect(cloned.body).toEqual({ error: "INVALID_CREDENTIAL" });
	expect((await server.request("DELETE", `/passkeys/${passkey.id}`)).status).toBe(204);

	const events = await eventsOf(user.id);
	const passkeyId = passkey.id;
	expect(events.map(comparable)).toEqual([
		{ type: "user_created", user_id: user.id, client_ip: null, data: {} },
		{ type: "passkey_registered", user_id: user.id, client_ip: "v4:192.0.2.7", data: { passkey_id: passkeyId } },
		{ type: "sign_in", user_id: user.id, client_ip: "v4:192.0.2.8", data: { method: "passkey", passkey_id: passkeyId } },
		{ type: "sign_in_failed", user_id: user.id, client_ip: "v4:192.0.2.9", data: { method: "passkey", passkey_id: passkeyId } },
		{ type: "passkey_counter_regressed", user_id: user.id, client_ip: "v4:192.0.2.10", data: { passkey_id: passkeyId } },
		{ type: "sign_in_failed", user_id: user.id, client_ip: "v4:192.0.2.10", data: { method: "passkey", passkey_id: passkeyId } },
		{ type: "passkey_deleted", user_id: user.id, client_ip: null, data: { passkey_id: passkeyId } },
	]);

	// The same events are in the whole feed, filtered by type.
	await feedSettled(server);
	const feed = await server.request("GET", `/events?user_id=${user.id}&type=sign_in&type=sign_in_failed&limit=100`);
	expect(feed.status).toBe(200);
	expect(feed.body.events.map((event: any) => event.type)).toEqual(["sign_in", "sign_in_failed", "sign_in_failed"]);

	const text = JSON.stringify(events);
	for (const secret of [started.options.challenge, started.options.user.id, assertion.response.signature, clone.body.id, started.id]) {
		expect(text).not.toContain(secret);
	}
});

test("a passkey sign-in whose counter a parallel sign-in took stores no sign_in: the event goes with the counter", async () => {
	const user = await createUser(server);
	const device = authenticator("EdDSA");
	await registered(server, user.id, device);
	// Two assertions with the same counter: only one can store its use.
	const first = (await startSignIn(server, {})).body;
	const second = (await startSignIn(server, {})).body;
	const count = device.signCount + 1;
	const answers = await Promise.all(
		[first, second].map((started) =>
			server.request("POST", `/passkey-authentications/${started.id}/verify`, { credential: device.assert(started.options, { signCount: count }) }),
		),
	);
	expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
	const types = (await eventsOf(user.id)).map((event) => event.type);
	expect(types.filter((type) => type === "sign_in")).toHaveLength(1);
	expect(types.filter((type) => type === "sign_in_failed")).toHaveLength(1);
});

test("a deleted passkey, or one deleted twice, stores one passkey_deleted", async () => {
	const user = await createUser(server);
	const passkey = await registered(server, user.id, authenticator("RS256"));
	const deletions = await Promise.all([1, 2].map(() => server.request("DELETE", `/passkeys/${passkey.id}`)));
	expect(deletions.map((answer) => answer.status).sort()).toEqual([204, 404]);
	const types = (await eventsOf(user.id)).map((event) => event.type);
	expect(types.filter((type) => type === "passkey_deleted")).toHaveLength(1);
});
