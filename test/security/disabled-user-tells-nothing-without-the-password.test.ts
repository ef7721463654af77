// Attack: learn that an account was disabled (that its owner is under investigation, that an
// employee left) without knowing its password, by trying wrong passwords, codes or passkey answers
// and comparing the answers, their limits or their time with an enabled account's. USER_DISABLED is
// answered only once the credential has proved correct (API.md section 18): before that, a
// disabled account is checked exactly like any other.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { authenticator, registered, RP, signIn as passkeySignIn } from "../support/passkeys.ts";
import { createUser, startTestServer, type TestServer, medianTime } from "../support/server.ts";
import { sameTime } from "../support/timing.ts";

let server: TestServer;
beforeAll(async () => {
	// Guesses without end: the limits are compared in a test of their own below.
	server = await startTestServer({
		passkeys: RP,
		limits: ["hashing=100000/1s", "incorrect-passwords-address=100000/15m", "incorrect-passwords-user=100000/15m", "code-requests-address=100000/15m", "email-sign-ins-email=100000/15m"],
	});
});
afterAll(() => server.stop());

async function pair(on: TestServer): Promise<{ enabled: { id: string; email: string }; disabled: { id: string; email: string } }> {
	const enabled = await createUser(on);
	const disabled = await createUser(on);
	expect((await on.request("POST", `/users/${disabled.id}/disable`, { reason: "under investigation" })).status).toBe(200);
	return { enabled: { id: enabled.id, email: enabled.email! }, disabled: { id: disabled.id, email: disabled.email! } };
}

function seen(answer: { status: number; body: any; headers: Headers }): string {
	return `${answer.status} ${JSON.stringify(answer.body)} retry-after=${answer.headers.get("Retry-After")}`;
}

test("wrong passwords, codes and passkey answers get the same answers from a disabled account as from an enabled one", async () => {
	const { enabled, disabled } = await pair(server);
	const devices = { enabled: authenticator(), disabled: authenticator() };
	for (const [name, user] of [["enabled", enabled], ["disabled", disabled]] as const) {
		// A passkey registered while disabled: registration is no way in.
		await registered(server, user.id, devices[name]);
	}
	async function wrongAnswers(user: { id: string; email: string }, device: ReturnType<typeof authenticator>): Promise<string[]> {
		const request = (await server.request("POST", "/email-sign-ins", { email: user.email })).body;
		return [
			seen(await server.request("POST", `/users/${user.id}/verify-password`, { password: "a wrong guess" })),
			seen(await server.request("POST", "/authenticate/password", { email: user.email, password: "a wrong guess" })),
			seen(await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: "WRONG234" })),
			seen(await passkeySignIn(server, device, { userId: user.id, bend: { corruptSignature: true } })),
			seen(await passkeySignIn(server, device, { bend: { corruptSignature: true } })),
		];
	}
	const fromEnabled = await wrongAnswers(enabled, devices.enabled);
	expect(fromEnabled[0]).toBe('400 {"error":"INCORRECT_PASSWORD"} retry-after=null');
	expect(await wrongAnswers(disabled, devices.disabled)).toEqual(fromEnabled);
	// And the email sign-in request itself tells nothing either: the same fields, the user named alike.
	const a = (await server.request("POST", "/email-sign-ins", { email: enabled.email })).body;
	const b = (await server.request("POST", "/email-sign-ins", { email: disabled.email })).body;
	expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
	expect(b.user_id).toBe(disabled.id);
});

test("the limits of wrong passwords are the same: both accounts are blocked at the 11th guess, with the same Retry-After", async () => {
	const limited = await startTestServer({ limits: ["hashing=100000/1s"] });
	try {
		const { enabled, disabled } = await pair(limited);
		async function twelve(user: { email: string }, network: number): Promise<string[]> {
			const answers: string[] = [];
			for (let i = 0; i < 12; i++) {
				answers.push(seen(await limited.request("POST", "/authenticate/password", { email: user.email, password: "wrong", client_ip: `2001:db8:${network}:${i}::1` })));
				limited.clock.advance(1_000);
			}
			return answers;
		}
		const fromEnabled = await twelve(enabled, 1);
		expect(fromEnabled.at(-1)).toStartWith('400 {"error":"TOO_MANY_REQUESTS"}');
		expect(await twelve(disabled, 2)).toEqual(fromEnabled);
	} finally {
		await limited.stop();
	}
});

test("a wrong password takes the same time for a disabled account as for an enabled one (paired medians over many calls)", async () => {
	const { enabled, disabled } = await pair(server);
	const byEmail = (user: { email: string }) => () => server.request("POST", "/authenticate/password", { email: user.email, password: "a wrong guess" });
	const byId = (user: { id: string }) => () => server.request("POST", `/users/${user.id}/verify-password`, { password: "a wrong guess" });
	for (const call of [byEmail(enabled), byEmail(disabled), byId(enabled), byId(disabled)]) await medianTime(call, 10); // warm-up
	// The hash skipped, or a write more, on one path shows as a third of a call or more (a read more
	// is too cheap to see at the tests' cost of hashing; the paths share every read by construction).
	const viaEmail = await sameTime(byEmail(disabled), byEmail(enabled), { rounds: 150, share: 0.3 });
	expect(viaEmail.same, `POST /authenticate/password: a disabled account took ${viaEmail.report} more`).toBe(true);
	const viaId = await sameTime(byId(disabled), byId(enabled), { rounds: 150, share: 0.3 });
	expect(viaId.same, `POST /users/{id}/verify-password: a disabled account took ${viaId.report} more`).toBe(true);
}, 60_000);
