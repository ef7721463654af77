// The credential changes that must end a user's sessions (API.md section 13), each run through the
// API, shared by the tests on one instance and the tests across two PostgreSQL instances.
import { authenticator, registered } from "./passkeys.ts";
import { authenticatorCode, createUser, STRONG_PASSWORD, uniqueEmail, type TestServer } from "./server.ts";

export interface SessionChange {
	name: string;
	/** The `reason` of the sessions_ended event it makes. */
	reason: string;
	/** Whether the call takes a `session_id` that stays signed in. */
	keeps: boolean;
	/** What the user needs before the change (a TOTP credential). */
	prepare?(server: TestServer, userId: string): Promise<void>;
	/** Makes the change on `server`, keeping `keep` where the call can; the answer's status. */
	run(server: TestServer, user: { id: string; email: string | null; recovery_code: string }, keep: string | null): Promise<{ status: number; body: any }>;
}

const totpKeys = new Map<string, Uint8Array>();
const passkeyIds = new Map<string, string>();

/** Needs a server with passkeys on (passkey-support.ts's RP), as every test of these changes starts. */
async function registerPasskey(server: TestServer, userId: string): Promise<void> {
	passkeyIds.set(userId, (await registered(server, userId, authenticator())).id);
}

async function registerTotp(server: TestServer, userId: string): Promise<void> {
	const key = crypto.getRandomValues(new Uint8Array(20));
	totpKeys.set(userId, key);
	const answer = await server.request("POST", `/users/${userId}/register-totp`, { key: Buffer.from(key).toString("base64"), code: authenticatorCode(key, server.clock.now) });
	if (answer.status !== 200) throw new Error(`register-totp answered ${answer.status}`);
}

function withKeep(body: Record<string, unknown>, keep: string | null): Record<string, unknown> {
	return keep === null ? body : { ...body, session_id: keep };
}

export const SESSION_CHANGES: SessionChange[] = [
	{
		name: "update-password",
		reason: "password_changed",
		keeps: true,
		run: (server, user, keep) =>
			server.request("POST", `/users/${user.id}/update-password`, withKeep({ password: STRONG_PASSWORD, new_password: `another passphrase ${crypto.randomUUID()}` }, keep)),
	},
	{
		name: "reset-password",
		reason: "password_reset",
		keeps: false,
		async run(server, user) {
			const request = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
			await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code });
			return server.request("POST", "/reset-password", { request_id: request.id, password: `a reset passphrase ${crypto.randomUUID()}` });
		},
	},
	{
		name: "verify-new-email",
		reason: "email_changed",
		keeps: true,
		async run(server, user, keep) {
			const request = (await server.request("POST", `/users/${user.id}/email-update-requests`, { email: uniqueEmail() })).body;
			return server.request("POST", "/verify-new-email", withKeep({ request_id: request.id, code: request.code }, keep));
		},
	},
	{
		name: "DELETE totp-credential",
		reason: "second_factor_removed",
		keeps: true,
		prepare: registerTotp,
		run: (server, user, keep) => server.request("DELETE", `/users/${user.id}/totp-credential${keep === null ? "" : `?session_id=${keep}`}`),
	},
	{
		name: "reset-2fa",
		reason: "second_factor_removed",
		keeps: true,
		prepare: registerTotp,
		run: (server, user, keep) => server.request("POST", `/users/${user.id}/reset-2fa`, withKeep({ recovery_code: user.recovery_code }, keep)),
	},
	{
		name: "DELETE passkey",
		reason: "passkey_removed",
		keeps: true,
		prepare: registerPasskey,
		run: (server, user, keep) => server.request("DELETE", `/passkeys/${passkeyIds.get(user.id)}${keep === null ? "" : `?session_id=${keep}`}`),
	},
	{
		name: "disable",
		reason: "user_disabled",
		keeps: false,
		run: (server, user) => server.request("POST", `/users/${user.id}/disable`, { reason: "sessions end with it" }),
	},
	{
		name: "user deletion",
		reason: "user_deleted",
		keeps: false,
		run: (server, user) => server.request("DELETE", `/users/${user.id}`),
	},
];

/** A user with a session of theirs on `server`; the token. */
export async function signIn(server: TestServer, userId: string): Promise<{ id: string; token: string }> {
	const answer = await server.request("POST", `/users/${userId}/sessions`, {});
	if (answer.status !== 200) throw new Error(`creating a session answered ${answer.status}`);
	return { id: answer.body.session.id, token: answer.body.token };
}

export async function validates(server: TestServer, token: string): Promise<boolean> {
	const answer = await server.request("POST", "/sessions/validate", { token });
	if (answer.status !== 200 && answer.status !== 404) throw new Error(`validate answered ${answer.status}`);
	return answer.status === 200;
}

export { createUser };
