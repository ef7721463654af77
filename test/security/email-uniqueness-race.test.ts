// Attack: two accounts ask to move to the same address (say, a victim's new address the attacker
// learned) and race to confirm, or an attacker signs up with an address while its owner is moving
// to it, hoping both end up holding it, which would let one reset the other's password. The
// unique index on user.email decides, inside the transaction that moves the address.
import { expect, test } from "bun:test";
import { createUser, serverForThisFile, uniqueEmail } from "../support/server.ts";

const server = serverForThisFile();

async function usersWithEmail(email: string): Promise<string[]> {
	const answer = await server.request("GET", `/users?email_query=${encodeURIComponent(email)}`);
	return answer.body.filter((user: { email: string }) => user.email === email).map((user: { id: string }) => user.id);
}

test("two users confirming the same new address at once: exactly one gets it", async () => {
	const email = uniqueEmail();
	const users = [await createUser(server), await createUser(server)];
	const requests = await Promise.all(
		users.map(async (user) => (await server.request("POST", `/users/${user.id}/email-update-requests`, { email })).body),
	);
	const answers = await Promise.all(
		requests.map((request) => server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code })),
	);
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	// The winner's success deleted every request for the address, so the loser's is gone.
	expect(answers.filter((answer) => answer.body?.error === "INVALID_REQUEST")).toHaveLength(1);
	const owners = await usersWithEmail(email);
	expect(owners).toHaveLength(1);
	expect(owners[0]).toBe(requests[answers.findIndex((answer) => answer.status === 200)].user_id);
});

test("a sign-up that takes the address first wins; the mover gets EMAIL_ALREADY_USED", async () => {
	const email = uniqueEmail();
	const mover = await createUser(server);
	const request = (await server.request("POST", `/users/${mover.id}/email-update-requests`, { email })).body;
	const squatter = await createUser(server, { email });
	const answer = await server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code });
	expect(answer.body).toEqual({ error: "EMAIL_ALREADY_USED" });
	expect(await usersWithEmail(email)).toEqual([squatter.id]);
	expect((await server.request("GET", `/users/${mover.id}`)).body.email).toBe(mover.email);
});

test("sign-ups and confirmations racing for one address leave it with exactly one user", async () => {
	const email = uniqueEmail();
	const movers = [await createUser(server), await createUser(server)];
	const requests = await Promise.all(
		movers.map(async (user) => (await server.request("POST", `/users/${user.id}/email-update-requests`, { email })).body),
	);
	const answers = await Promise.all([
		...requests.map((request) => server.request("POST", "/verify-new-email", { request_id: request.id, code: request.code })),
		server.request("POST", "/users", { email, password: "a fresh passphrase 99" }),
		server.request("POST", "/users", { email, password: "another passphrase 98" }),
	]);
	expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
	expect(await usersWithEmail(email)).toHaveLength(1);
});
