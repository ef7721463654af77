// The email verification, email update and two-factor flows driven through the public client
// @faroe/sdk@0.2.0, unchanged, against the running server: every matching method of the client.
import { expect, test } from "bun:test";
import { authenticatorCode, createUser, faroeError, serverForThisFile, STRONG_PASSWORD, uniqueEmail } from "../support/server.ts";

const STEP = 30_000;

const server = serverForThisFile({ listen: true });

/** What the user's authenticator app shows now. */
function totpNow(key: Uint8Array): string {
	return authenticatorCode(key, server.clock.now);
}

test("email verification: create, read, verify, delete", async () => {
	const faroe = server.faroe;
	// @faroe/sdk's createUser takes no email, so this user comes from the API directly.
	const { id: userId } = await createUser(server);

	const request = await faroe.createUserEmailVerificationRequest(userId);
	expect(request.userId).toBe(userId);
	expect(request.code).toMatch(/^[A-Z2-9]{8}$/);
	expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBe(600_000);
	expect(await faroe.getUserEmailVerificationRequest(userId)).toEqual(request);

	const wrong = await faroeError(faroe.verifyUserEmail(userId, request.code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA"));
	expect(wrong.status).toBe(400);
	expect(wrong.code).toBe("INCORRECT_CODE");
	await faroe.verifyUserEmail(userId, request.code);
	expect(await faroe.getUserEmailVerificationRequest(userId)).toBeNull();
	expect((await server.request("GET", `/users/${userId}`)).body.email_verified).toBe(true);
	expect((await faroeError(faroe.verifyUserEmail(userId, request.code))).code).toBe("NOT_ALLOWED");

	await faroe.createUserEmailVerificationRequest(userId);
	await faroe.deleteUserEmailVerificationRequest(userId);
	expect(await faroe.getUserEmailVerificationRequest(userId)).toBeNull();
	await faroe.deleteUserEmailVerificationRequest(userId); // NOT_FOUND is not an error for the SDK

	// The SDK's own createUser makes users without an email; the app keeps the address, so the
	// verification flow works for them too (as in Faroe 0.2).
	const withoutEmail = await faroe.createUser(STRONG_PASSWORD, null);
	const forNoEmail = await faroe.createUserEmailVerificationRequest(withoutEmail.id);
	await faroe.verifyUserEmail(withoutEmail.id, forNoEmail.code);
	expect((await server.request("GET", `/users/${withoutEmail.id}`)).body.email_verified).toBe(true);
	expect(await faroe.getUserEmailVerificationRequest("abcdefghijkmnpqrstuvwxyz")).toBeNull();
});

test("email update: create, list, read, verify, delete", async () => {
	const faroe = server.faroe;
	const user = await createUser(server);
	const newEmail = uniqueEmail();

	const request = await faroe.createUserEmailUpdateRequest(user.id, newEmail.toUpperCase());
	expect(request.userId).toBe(user.id);
	expect(request.email).toBe(newEmail);
	expect(request.expiresAt.getTime() - request.createdAt.getTime()).toBe(600_000);
	expect(await faroe.getUserEmailUpdateRequests(user.id)).toEqual([request]);
	expect(await faroe.getEmailUpdateRequest(request.id)).toEqual(request);

	const taken = await faroeError(faroe.createUserEmailUpdateRequest(user.id, user.email!));
	expect(taken.code).toBe("EMAIL_ALREADY_USED");
	expect((await faroeError(faroe.verifyNewUserEmail(request.id, request.code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA"))).code).toBe(
		"INCORRECT_CODE",
	);
	expect(await faroe.verifyNewUserEmail(request.id, request.code)).toBe(newEmail);
	expect(await faroe.getEmailUpdateRequest(request.id)).toBeNull();
	expect((await faroeError(faroe.verifyNewUserEmail(request.id, request.code))).code).toBe("INVALID_REQUEST");
	const moved = (await server.request("GET", `/users/${user.id}`)).body;
	expect(moved.email).toBe(newEmail);
	expect(moved.email_verified).toBe(true);

	const second = await faroe.createUserEmailUpdateRequest(user.id, uniqueEmail());
	await faroe.deleteEmailUpdateRequest(second.id);
	expect(await faroe.getEmailUpdateRequest(second.id)).toBeNull();
	await faroe.deleteEmailUpdateRequest(second.id); // NOT_FOUND is not an error for the SDK

	server.clock.advance(15 * 60_000); // past the window of 3 requests per user
	const third = await faroe.createUserEmailUpdateRequest(user.id, uniqueEmail());
	// @faroe/sdk 0.2.0 sends GET for deleteUserEmailUpdateRequests, so it reads rather than deletes;
	// it must not throw. The DELETE it meant to send does delete.
	await faroe.deleteUserEmailUpdateRequests(user.id);
	expect(await faroe.getUserEmailUpdateRequests(user.id)).toEqual([third]);
	expect((await server.request("DELETE", `/users/${user.id}/email-update-requests`)).status).toBe(204);
	expect(await faroe.getUserEmailUpdateRequests(user.id)).toEqual([]);
	expect(await faroe.getUserEmailUpdateRequests("abcdefghijkmnpqrstuvwxyz")).toBeNull();
	await faroe.deleteUserEmailUpdateRequests("abcdefghijkmnpqrstuvwxyz");
});

test("two-factor: register TOTP, verify, regenerate the recovery code, reset, delete", async () => {
	const faroe = server.faroe;
	const user = await faroe.createUser(STRONG_PASSWORD, null);
	expect(user.totpRegistered).toBe(false);
	expect(await faroe.getUserTOTPCredential(user.id)).toBeNull();
	expect((await faroeError(faroe.verifyUser2FAWithTOTP(user.id, "123456"))).code).toBe("NOT_ALLOWED");

	const key = crypto.getRandomValues(new Uint8Array(20));
	expect((await faroeError(faroe.registerUserTOTPCredential(user.id, key.slice(0, 16), "123456"))).code).toBe("INVALID_DATA");
	const credential = await faroe.registerUserTOTPCredential(user.id, key, totpNow(key));
	expect(credential.userId).toBe(user.id);
	expect(credential.key).toEqual(key);
	expect((await faroe.getUser(user.id))!.totpRegistered).toBe(true);
	expect(await faroe.getUserTOTPCredential(user.id)).toEqual(credential);

	server.clock.advance(STEP);
	const code = totpNow(key);
	await faroe.verifyUser2FAWithTOTP(user.id, code);
	expect((await faroeError(faroe.verifyUser2FAWithTOTP(user.id, code))).code).toBe("INCORRECT_CODE");

	const recoveryCode = await faroe.regenerateUserRecoveryCode(user.id);
	expect(recoveryCode).not.toBe(user.recoveryCode);
	expect((await faroe.getUser(user.id))!.recoveryCode).toBe(recoveryCode);
	expect((await faroeError(faroe.resetUser2FA(user.id, user.recoveryCode))).code).toBe("INCORRECT_CODE");

	const nextRecoveryCode = await faroe.resetUser2FA(user.id, recoveryCode);
	expect(nextRecoveryCode).toMatch(/^[A-Z2-9]{8}$/);
	expect(nextRecoveryCode).not.toBe(recoveryCode);
	const afterReset = (await faroe.getUser(user.id))!;
	expect(afterReset.totpRegistered).toBe(false);
	expect(afterReset.recoveryCode).toBe(nextRecoveryCode);
	expect(await faroe.getUserTOTPCredential(user.id)).toBeNull();

	const newKey = crypto.getRandomValues(new Uint8Array(20));
	await faroe.registerUserTOTPCredential(user.id, newKey, totpNow(newKey));
	await faroe.deleteUserTOTPCredential(user.id);
	expect(await faroe.getUserTOTPCredential(user.id)).toBeNull();
	expect((await faroe.getUser(user.id))!.totpRegistered).toBe(false);
	await faroe.deleteUserTOTPCredential(user.id); // NOT_FOUND is not an error for the SDK

	expect((await faroeError(faroe.regenerateUserRecoveryCode("abcdefghijkmnpqrstuvwxyz"))).code).toBe("NOT_FOUND");
	expect((await faroeError(faroe.resetUser2FA("abcdefghijkmnpqrstuvwxyz", nextRecoveryCode))).status).toBe(404);
});
