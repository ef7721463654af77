// Attack: replay one passkey answer at every instance behind the load balancer at once, hoping each
// instance's own view of the ceremony lets it through. The ceremony lives in PostgreSQL and is
// taken with DELETE … RETURNING, so exactly one verify finds it, whichever instance makes it; and a
// ceremony started on one instance is finished on another. Run by `npm test` only on PostgreSQL.
import { expect, test } from "bun:test";
import { authenticator, registered, RP } from "../support/passkeys.ts";
import { createUser, instancesForThisFile, type TestServer } from "../support/server.ts";

const servers = instancesForThisFile(3, { passkeys: RP });

function spread(i: number): TestServer {
	return servers[i % servers.length]!;
}

test("a ceremony started on one instance is finished on another, and a sign-in on a third", async () => {
	const user = await createUser(spread(0));
	const device = authenticator("ES256");
	const started = (await spread(0).request("POST", `/users/${user.id}/passkey-registrations`, {})).body;
	const verified = await spread(1).request("POST", `/passkey-registrations/${started.id}/verify`, { credential: device.register(started.options) });
	expect(verified.status).toBe(200);
	const signInStarted = (await spread(2).request("POST", "/passkey-authentications", {})).body;
	const signedIn = await spread(0).request("POST", `/passkey-authentications/${signInStarted.id}/verify`, { credential: device.assert(signInStarted.options) });
	expect(signedIn.status).toBe(200);
	expect(signedIn.body.user.id).toBe(user.id);
});

test("30 parallel verifies of one sign-in ceremony across three instances: exactly one signs in", async () => {
	const user = await createUser(spread(0));
	const device = authenticator("EdDSA", { zeroCounter: true });
	await registered(spread(1), user.id, device);
	const started = (await spread(2).request("POST", "/passkey-authentications", { user_id: user.id })).body;
	const credential = device.assert(started.options);
	const answers = await Promise.all(
		Array.from({ length: 30 }, (_, i) => spread(i).request("POST", `/passkey-authentications/${started.id}/verify`, { credential })),
	);
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	// The others find no ceremony, or, while more than 10 attempts at the user are in flight at
	// once, are refused by the per-user limit before they look.
	const others = new Set(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error));
	expect([...others].every((error) => error === "INVALID_REQUEST" || error === "TOO_MANY_REQUESTS")).toBe(true);
});

test("30 parallel verifies of one registration ceremony across three instances: exactly one registers", async () => {
	const user = await createUser(spread(0));
	const started = (await spread(1).request("POST", `/users/${user.id}/passkey-registrations`, {})).body;
	const answers = await Promise.all(
		Array.from({ length: 30 }, (_, i) =>
			spread(i).request("POST", `/passkey-registrations/${started.id}/verify`, { credential: authenticator("EdDSA").register(started.options) }),
		),
	);
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	expect((await spread(2).request("GET", `/users/${user.id}/passkeys`)).body).toHaveLength(1);
});

test("one credential registered at once on three instances for three users: registered once", async () => {
	const device = authenticator("ES256");
	const users = await Promise.all([0, 1, 2].map((i) => createUser(spread(i))));
	const ceremonies = await Promise.all(users.map((user, i) => spread(i).request("POST", `/users/${user.id}/passkey-registrations`, {})));
	const answers = await Promise.all(
		ceremonies.map((started, i) =>
			spread(i + 1).request("POST", `/passkey-registrations/${started.body.id}/verify`, { credential: device.register(started.body.options) }),
		),
	);
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	expect(answers.filter((answer) => answer.body?.error === "PASSKEY_ALREADY_REGISTERED")).toHaveLength(2);
});

test("5 failed assertions spread over three instances block the address on all of them", async () => {
	const user = await createUser(spread(0));
	const device = authenticator("EdDSA");
	await registered(spread(0), user.id, device);
	const answers = [];
	for (let i = 0; i < 6; i++) {
		const started = (await spread(i).request("POST", "/passkey-authentications", {})).body;
		const credential = device.assert(started.options, { corruptSignature: i < 5 });
		answers.push((await spread(i + 1).request("POST", `/passkey-authentications/${started.id}/verify`, { credential, client_ip: "198.51.100.90" })).body.error);
	}
	expect(answers).toEqual(["INVALID_CREDENTIAL", "INVALID_CREDENTIAL", "INVALID_CREDENTIAL", "INVALID_CREDENTIAL", "INVALID_CREDENTIAL", "TOO_MANY_REQUESTS"]);
});
