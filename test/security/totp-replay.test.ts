// Attack: replay a TOTP code that was already accepted, e.g. one read over the user's shoulder or
// phished by a proxy, while it is still inside the ±30 s window; or send the same valid code many
// times at once, hoping two requests both read the last used step before either writes it.
// RFC 6238 section 5.2: a code whose time step is not after the last accepted one is refused, and
// the step moves forward with a compare-and-swap, so one code opens one session.
import { expect, test } from "bun:test";
import { authenticatorCode, createUser, serverForThisFile } from "../support/server.ts";

const STEP = 30_000;

const server = serverForThisFile();

function codeAt(key: Uint8Array, offsetMs = 0): string {
	return authenticatorCode(key, server.clock.now + offsetMs);
}

async function userWithTotp(): Promise<{ id: string; key: Uint8Array }> {
	const user = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	const body = { key: Buffer.from(key).toString("base64"), code: codeAt(key) };
	expect((await server.request("POST", `/users/${user.id}/register-totp`, body)).status).toBe(200);
	return { id: user.id, key };
}

function verify(userId: string, code: string): Promise<{ status: number; body: any }> {
	return server.request("POST", `/users/${userId}/verify-2fa/totp`, { code });
}

test("an accepted code is refused for the rest of its window", async () => {
	const user = await userWithTotp();
	server.clock.advance(STEP);
	const code = codeAt(user.key);
	expect((await verify(user.id, code)).status).toBe(204);
	// Still inside the window that would accept it as drift.
	server.clock.advance(STEP - 1);
	expect((await verify(user.id, code)).body).toEqual({ error: "INCORRECT_CODE" });
});

test("10 parallel requests with one valid code: exactly one succeeds", async () => {
	const user = await userWithTotp();
	server.clock.advance(STEP);
	const code = codeAt(user.key);
	const answers = await Promise.all(Array.from({ length: 10 }, () => verify(user.id, code)));
	expect(answers.filter((answer) => answer.status === 204)).toHaveLength(1);
	// The replays are incorrect codes, so after five of them the lockout answers the rest.
	const refusals = answers.filter((answer) => ["INCORRECT_CODE", "TOO_MANY_REQUESTS"].includes(answer.body?.error));
	expect(refusals).toHaveLength(9);
});

test("the code used to register the key cannot be replayed at verify-2fa", async () => {
	const user = await createUser(server);
	const key = crypto.getRandomValues(new Uint8Array(20));
	const code = codeAt(key);
	await server.request("POST", `/users/${user.id}/register-totp`, { key: Buffer.from(key).toString("base64"), code });
	server.clock.advance(STEP - 1);
	expect((await verify(user.id, code)).body).toEqual({ error: "INCORRECT_CODE" });
});
