// One run through every event type Holm makes today (users_imported and passkey_* are tested with their
// own features), shared by the feed's tests and the webhooks' tests: what was done, and what each
// event must say.
import { authenticatorCode, createUser, STRONG_PASSWORD, uniqueEmail, type TestServer } from "./server.ts";

export interface ExpectedEvent {
	type: string;
	user_id: string | null;
	client_ip: string | null;
	data: Record<string, unknown>;
}

export interface Flow {
	expected: ExpectedEvent[];
	/** Every password, code, key, recovery code and request id the flow used: none may be in an event. */
	secrets: string[];
}

const IP = "203.0.113.7";
const KEY = "v4:203.0.113.7";

async function ok(answer: Promise<{ status: number; body: any }>): Promise<any> {
	const done = await answer;
	if (done.status !== 200 && done.status !== 204) throw new Error(`expected success, got ${done.status} ${JSON.stringify(done.body)}`);
	return done.body;
}

export async function runEveryEventType(server: TestServer): Promise<Flow> {
	const expected: ExpectedEvent[] = [];
	const secrets: string[] = [STRONG_PASSWORD];
	const push = (type: string, user_id: string | null, client_ip: string | null, data: Record<string, unknown> = {}) =>
		expected.push({ type, user_id, client_ip, data });

	// user_created, sign_in, sign_in_failed (a user, and an email that names nobody).
	const email = uniqueEmail();
	const user = await ok(server.request("POST", "/users", { email, password: STRONG_PASSWORD, client_ip: IP }));
	push("user_created", user.id, KEY);
	await ok(server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: IP }));
	push("sign_in", user.id, KEY, { method: "password" });
	await server.request("POST", "/authenticate/password", { email, password: "not the right one", client_ip: IP });
	push("sign_in_failed", user.id, KEY, { method: "password" });
	await server.request("POST", "/authenticate/password", { email: uniqueEmail(), password: "typed into the wrong field" });
	push("sign_in_failed", null, null, { method: "password" });
	secrets.push("not the right one", "typed into the wrong field");

	// address_blocked (5 wrong from one address), user_blocked (10 wrong in all), user_unblocked.
	const target = await createUser(server);
	push("user_created", target.id, null);
	const guessIp = "198.51.100.9";
	for (let i = 0; i < 10; i++) {
		const from = i < 5 ? guessIp : `198.51.100.${20 + i}`;
		await server.request("POST", `/users/${target.id}/verify-password`, { password: `wrong guess ${i}`, client_ip: from });
		// A block is told once the guess that filled it proved wrong, before that guess's own event.
		if (i === 4) push("address_blocked", target.id, `v4:${guessIp}`, { limit: "incorrect_passwords_address" });
		if (i === 9) push("user_blocked", target.id, "v4:198.51.100.29", { limit: "incorrect_passwords_user" });
		push("sign_in_failed", target.id, `v4:${from}`, { method: "password" });
	}
	await ok(server.request("POST", `/users/${target.id}/unblock`));
	push("user_unblocked", target.id, null);

	// email_verified, email_changed.
	const verification = await ok(server.request("POST", `/users/${user.id}/email-verification-request`, {}));
	await ok(server.request("POST", `/users/${user.id}/verify-email`, { code: verification.code, client_ip: IP }));
	push("email_verified", user.id, KEY);
	const newEmail = uniqueEmail();
	const update = await ok(server.request("POST", `/users/${user.id}/email-update-requests`, { email: newEmail }));
	await ok(server.request("POST", "/verify-new-email", { request_id: update.id, code: update.code, client_ip: IP }));
	push("email_changed", user.id, KEY, { previous_email: email, email: newEmail });
	secrets.push(verification.code, update.code, update.id);

	// totp_registered, second_factor_locked, second_factor_reset, totp_deleted, recovery_code_regenerated.
	const key = crypto.getRandomValues(new Uint8Array(20));
	const keyBase64 = Buffer.from(key).toString("base64");
	await ok(server.request("POST", `/users/${user.id}/register-totp`, { key: keyBase64, code: authenticatorCode(key, server.clock.now), client_ip: IP }));
	push("totp_registered", user.id, KEY);
	const valid = new Set([-1, 0, 1].map((steps) => authenticatorCode(key, server.clock.now + steps * 30_000)));
	const wrong = ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
	for (let i = 0; i < 5; i++) await server.request("POST", `/users/${user.id}/verify-2fa/totp`, { code: wrong, client_ip: IP });
	push("second_factor_locked", user.id, KEY, { check: "totp", lock_seconds: 900 });
	const recovery = (await ok(server.request("GET", `/users/${user.id}`))).recovery_code;
	const newRecovery = (await ok(server.request("POST", `/users/${user.id}/reset-2fa`, { recovery_code: recovery, client_ip: IP }))).recovery_code;
	push("second_factor_reset", user.id, KEY);
	server.clock.advance(60_000);
	await ok(server.request("POST", `/users/${user.id}/register-totp`, { key: keyBase64, code: authenticatorCode(key, server.clock.now) }));
	push("totp_registered", user.id, null);
	await ok(server.request("DELETE", `/users/${user.id}/totp-credential`));
	push("totp_deleted", user.id, null);
	const regenerated = (await ok(server.request("POST", `/users/${user.id}/regenerate-recovery-code`))).recovery_code;
	push("recovery_code_regenerated", user.id, null);
	secrets.push(keyBase64, recovery, newRecovery, regenerated, wrong);

	// request_deleted_after_incorrect_codes, password_reset, password_changed.
	const doomed = await ok(server.request("POST", `/users/${user.id}/password-reset-requests`, {}));
	for (let i = 0; i < 5; i++) await server.request("POST", `/password-reset-requests/${doomed.id}/verify-email`, { code: "WRONG234", client_ip: IP });
	push("request_deleted_after_incorrect_codes", user.id, KEY, { request: "password_reset" });
	const reset = await ok(server.request("POST", `/users/${user.id}/password-reset-requests`, {}));
	await ok(server.request("POST", `/password-reset-requests/${reset.id}/verify-email`, { code: reset.code }));
	const resetPassword = "a brand new passphrase 9";
	await ok(server.request("POST", "/reset-password", { request_id: reset.id, password: resetPassword, client_ip: IP }));
	push("password_reset", user.id, KEY);
	const changed = "and another passphrase 10";
	await ok(server.request("POST", `/users/${user.id}/update-password`, { password: resetPassword, new_password: changed, client_ip: IP }));
	push("password_changed", user.id, KEY);
	secrets.push(doomed.id, reset.id, reset.code, resetPassword, changed, "WRONG234");

	// user_deleted.
	await ok(server.request("DELETE", `/users/${user.id}`));
	push("user_deleted", user.id, null);
	return { expected, secrets };
}

/** The event as the flow can predict it: everything but the id and time. */
export function comparable(event: { type: string; user_id: string | null; client_ip: string | null; data: Record<string, unknown> }): ExpectedEvent {
	return { type: event.type, user_id: event.user_id, client_ip: event.client_ip, data: event.data };
}

/**
 * Waits until the feed serves every stored event. On PostgreSQL an event is served only once every
 * transaction that started before it has ended, on the whole server (docs/events.md), and other
 * test files may be running transactions there: a test that reads right after writing waits for
 * them first. On SQLite it returns at once.
 */
export async function feedSettled(server: TestServer): Promise<void> {
	for (let attempt = 0; attempt < 500; attempt++) {
		const [{ n }] = (await server.rows("SELECT count(*) AS n FROM event")) as [{ n: number | string }];
		let served = 0;
		let after: string | null = null;
		for (;;) {
			const page: { status: number; body: any } = await server.request("GET", `/events?limit=1000${after === null ? "" : `&after=${after}`}`);
			served += page.body.events.length;
			if (page.body.events.length === 0) break;
			after = page.body.next;
		}
		if (served >= Number(n)) return;
		await Bun.sleep(20);
	}
	throw new Error("the feed did not catch up with the stored events");
}
