// Attack: an operator disabled an unverified account to look into it (who made it, with what), and
// someone with the address's inbox, the owner or an intruder in the mailbox, signs in by email code.
// Section 17 would hand them the account: password, TOTP, passkeys and sessions removed, the
// email marked verified. While the account is disabled (API.md section 18) the code is used up and
// nothing else happens: the operator finds the account as they left it, and after enabling it the
// maker's password still opens it (the operator decides), until the owner proves the address anew.
import { expect, test } from "bun:test";
import { encodeBase64 } from "@oslojs/encoding";
import { feedSettled } from "../support/events-flow.ts";
import { authenticator, registered, RP, signIn as passkeySignIn } from "../support/passkeys.ts";
import { authenticatorCode, createUser, serverForThisFile, STRONG_PASSWORD } from "../support/server.ts";

const server = serverForThisFile({ passkeys: RP });

test("a disabled unverified user's correct email code claims nothing: USER_DISABLED, and the account is as it was", async () => {
	const made = await createUser(server);
	const totpKey = crypto.getRandomValues(new Uint8Array(20));
	expect((await server.request("POST", `/users/${made.id}/register-totp`, { key: encodeBase64(totpKey), code: authenticatorCode(totpKey, server.clock.now) })).status).toBe(200);
	const device = authenticator();
	await registered(server, made.id, device);
	const reset = (await server.request("POST", `/users/${made.id}/password-reset-requests`, {})).body;
	const before = (await server.request("GET", `/users/${made.id}`)).body;
	expect(before.email_verified).toBe(false);

	await server.request("POST", `/users/${made.id}/disable`, { reason: "suspected pre-account hijacking" });
	const request = (await server.request("POST", "/email-sign-ins", { email: made.email })).body;
	const answer = await server.request("POST", `/email-sign-ins/${request.id}/verify`, { code: request.code, create_user: true });
	expect(answer.status).toBe(403);
	expect(answer.body).toEqual({ error: "USER_DISABLED" });

	// Nothing was claimed: same email state, recovery code, TOTP, passkey and pending request.
	expect((await server.request("GET", `/users/${made.id}`)).body).toEqual({ ...before, disabled: true, disabled_until: null });
	expect((await server.request("GET", `/users/${made.id}/totp-credential`)).status).toBe(200);
	expect((await server.request("GET", `/users/${made.id}/passkeys`)).body).toHaveLength(1);
	expect((await server.request("GET", `/password-reset-requests/${reset.id}`)).status).toBe(200);
	await feedSettled(server);
	const events = (await server.request("GET", `/users/${made.id}/events?type=account_claimed&type=email_verified&type=sign_in`)).body.events;
	expect(events).toEqual([]);

	// Enabled, the account is whole again: the password set before still works.
	await server.request("POST", `/users/${made.id}/enable`);
	expect((await server.request("POST", `/users/${made.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	expect((await passkeySignIn(server, device, { userId: made.id })).status).toBe(200);
	// And the next proof of the address claims it, as for any unverified account.
	const again = (await server.request("POST", "/email-sign-ins", { email: made.email })).body;
	const claimed = await server.request("POST", `/email-sign-ins/${again.id}/verify`, { code: again.code });
	expect(claimed.body).toMatchObject({ created: false, claimed: true, user: { id: made.id, email_verified: true } });
});
