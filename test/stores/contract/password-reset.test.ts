// The PasswordResetStore contract (src/features/password-reset/store.ts) beyond the code request
// verbs (code-requests.test.ts), on SQLite and PostgreSQL alike: a verified request resets once,
// whichever of parallel resets gets there; a reset ends every session of the user in its own
// transaction; a reset of a user whose email was not verified claims the account for whoever
// proved the address (API.md section 17), removing everything the account's maker could have set.
import { expect, test } from "bun:test";
import { generateId } from "../../../src/lib/ids.ts";
import { NO_PASSWORD_HASH } from "../../../src/lib/password-hash.ts";
import { DEFAULT_SESSION_SETTINGS } from "../../../src/features/sessions/settings.ts";
import { secondFactorLockout, DEFAULT_LIMITS } from "../../../src/limits.ts";
import { at, claimOf, contract, endedIn, event, eventsOf, eventTypesOf, insertUser, passkeyOf, randomBytes, SECOND, signIn, together, type Under, withEventsRefused } from "./harness.ts";

async function request(under: Under, userId: string, fields: { expiresIn?: number; verified?: boolean } = {}): Promise<string> {
	const id = generateId();
	const now = under.seconds();
	const lifetime = fields.expiresIn ?? 600;
	expect(await under.stores.passwordResets.insert({ id, userId, emailVerified: false, codeHash: randomBytes() }, lifetime)).toEqual({ createdAt: now, expiresAt: now + lifetime });
	if (fields.verified !== false) await under.stores.passwordResets.markEmailVerified(id);
	return id;
}

/** A user whose email is verified (a reset then only resets). */
async function verifiedUser(under: Under) {
	const user = await insertUser(under);
	await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
	await under.stores.emailVerifications.verifyEmail(user.id, event(under, "email_verified", user.id));
	return user;
}

contract("PasswordResetStore", {}, (under) => {
	test("insert: NO_USER for a user who is gone", async () => {
		const id = generateId();
		expect(await under.stores.passwordResets.insert({ id, userId: generateId(), emailVerified: false, codeHash: randomBytes() }, 600)).toBe("NO_USER");
		expect(await under.stores.passwordResets.get(id)).toBeNull();
	});

	test("markEmailVerified marks the request verified and gives the correct code's attempt back", async () => {
		const user = await insertUser(under);
		const id = await request(under, user.id, { verified: false });
		expect((await under.stores.passwordResets.get(id))!.emailVerified).toBe(false);
		expect((await under.stores.passwordResets.takeCodeAttempt(id, 5))!.attempts).toBe(1);
		await under.stores.passwordResets.markEmailVerified(id);
		expect(await under.stores.passwordResets.get(id)).toMatchObject({ id, userId: user.id, emailVerified: true });
		expect((await under.stores.passwordResets.takeCodeAttempt(id, 5))!.attempts).toBe(1);
	});

	test("resetPassword: nothing for a request that is unknown, unverified or expired", async () => {
		const user = await verifiedUser(under);
		const claim = () => claimOf(under, user.id, "password_reset", "new-hash");
		expect(await under.stores.passwordResets.resetPassword(generateId(), event(under, "password_reset", user.id), claim())).toBeNull();
		const unverified = await request(under, user.id, { verified: false });
		expect(await under.stores.passwordResets.resetPassword(unverified, event(under, "password_reset", user.id), claim())).toBeNull();
		const expiring = await request(under, user.id, { expiresIn: 60 });
		under.clock.advance(60 * SECOND);
		expect(await under.stores.passwordResets.resetPassword(expiring, event(under, "password_reset", user.id), claim())).toBeNull();
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect((await eventTypesOf(under, user.id)).includes("password_reset")).toBe(false);
	});

	test("resetPassword sets the password, clears the leak flags, drops the user's reset and email update requests and ends every session, with password_reset", async () => {
		const user = await verifiedUser(under);
		const sessions = [await signIn(under, user.id), await signIn(under, user.id)];
		await under.stores.passwords.markPasswordLeaked(user.id, user.passwordHash);
		const id = await request(under, user.id);
		const another = await request(under, user.id, { verified: false });
		const update = generateId();
		await under.stores.emailUpdates.insert({ id: update, userId: user.id, email: `new-${user.email}`, code: "ABCDEFGH" }, 600);
		const claim = claimOf(under, user.id, "password_reset", "new-hash");
		const reset = event(under, "password_reset", user.id);
		const outcome = await under.stores.passwordResets.resetPassword(id, reset, claim);
		expect(outcome).toMatchObject({ userId: user.id, claimed: false });
		expect(await under.stores.users.getPasswordHash(user.id)).toBe("new-hash");
		const after = (await under.stores.users.get(user.id))!;
		expect(after.passwordLeaked).toBe(false);
		expect(after.recoveryCode).toBe(user.recoveryCode); // no claim: the recovery code stays
		expect(await under.stores.passwords.claimOnlineLeakCheck(user.id, "new-hash", 86_400)).toBe(true);
		expect(await under.stores.passwordResets.get(id)).toBeNull();
		expect(await under.stores.passwordResets.get(another)).toBeNull();
		expect(await under.stores.emailUpdates.get(update)).toBeNull();
		for (const session of sessions) expect(await under.stores.sessions.findForValidation(session)).toBeNull();
		expect(endedIn(outcome!.written)!.data).toEqual({ reason: "password_reset", session_ids: expect.arrayContaining(sessions) });
		expect((await eventsOf(under, user.id)).slice(-2)).toEqual([endedIn(outcome!.written)!, reset]);
		expect(outcome!.written).toEqual([endedIn(outcome!.written)!, reset]);
		// Used up.
		expect(await under.stores.passwordResets.resetPassword(id, event(under, "password_reset", user.id), claimOf(under, user.id, "password_reset", "other"))).toBeNull();
	});

	test("resetPassword: of parallel resets with one request exactly one resets, and its password is the one kept", async () => {
		const user = await verifiedUser(under);
		const id = await request(under, user.id);
		const outcomes = await together(6, (i) => under.stores.passwordResets.resetPassword(id, event(under, "password_reset", user.id), claimOf(under, user.id, "password_reset", `hash-${i}`)));
		expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(`hash-${outcomes.findIndex((o) => o !== null)}`);
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "password_reset")).toHaveLength(1);
	});

	test("resetPassword of a user whose email was not verified claims the account: nothing its maker set survives", async () => {
		const user = await insertUser(under);
		const now = under.seconds();
		const sessions = [await signIn(under, user.id, { devices: [randomBytes()] }), await signIn(under, user.id)];
		await under.stores.twoFactor.replaceCredential({ userId: user.id, createdAt: now, key: randomBytes(20) }, 1, event(under, "totp_registered", user.id));
		await under.stores.twoFactor.verifyTotp(user.id, () => null, secondFactorLockout(DEFAULT_LIMITS), event(under, "second_factor_locked", user.id));
		const passkey = passkeyOf(under, user.id);
		expect(await under.stores.passkeys.insertPasskey(passkey, event(under, "passkey_registered", user.id))).toBe("CREATED");
		await under.stores.passkeys.insertCeremony({ id: generateId(), kind: "registration", userId: user.id, challenge: randomBytes() }, 300);
		await under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600);
		const update = generateId();
		await under.stores.emailUpdates.insert({ id: update, userId: user.id, email: `new-${user.email}`, code: "ABCDEFGH" }, 600);
		const id = await request(under, user.id);
		const claim = claimOf(under, user.id, "password_reset", "the prover's hash");
		const reset = event(under, "password_reset", user.id);
		const outcome = await under.stores.passwordResets.resetPassword(id, reset, claim);
		expect(outcome).not.toBeNull();
		expect(outcome!.userId).toBe(user.id);
		expect(outcome!.claimed).toBe(true);
		const [ended, claimed] = outcome!.written;
		expect(ended!.data).toEqual({ reason: "password_reset", session_ids: expect.arrayContaining(sessions) });
		expect(claimed).toEqual({ ...claim.event, userId: user.id, data: { removed: ["password", "totp", "passkeys", "sessions", "requests"] } });
		expect((await eventsOf(under, user.id)).slice(-3)).toEqual([ended!, claimed!, reset]);
		expect(outcome!.written).toEqual([ended!, claimed!, reset]);
		const after = (await under.stores.users.get(user.id))!;
		expect(after).toMatchObject({ emailVerified: true, totpRegistered: false, recoveryCode: claim.recoveryCode, passwordLeaked: false });
		expect(await under.stores.users.getPasswordHash(user.id)).toBe("the prover's hash");
		expect(await under.stores.twoFactor.getCredential(user.id)).toBeNull();
		expect(await under.stores.console.secondFactorLocks(user.id)).toEqual([]);
		expect(await under.stores.passkeys.listForUser(user.id)).toEqual([]);
		expect(await under.stores.emailVerifications.get(user.id)).toBeNull();
		expect(await under.stores.emailUpdates.get(update)).toBeNull();
		expect(await under.stores.passwordResets.listForUser(user.id)).toEqual([]);
		expect(await under.stores.sessions.listForUser(user.id, DEFAULT_SESSION_SETTINGS)).toEqual([]);
		// The remembered devices went too: the user's next session is a first one, never a "new device".
		const made = await under.stores.sessions.create(
			{
				session: { id: generateId(), userId: user.id, digest: randomBytes(), clientIp: null, userAgent: null },
				secondFactorVerified: false,
				devices: [randomBytes()],
				created: event(under, "session_created", user.id),
				limitEnded: event(under, "sessions_ended", user.id),
			},
			DEFAULT_SESSION_SETTINGS,
		);
		if (typeof made === "string") throw new Error(made);
		expect(made.session.newDevice).toBe(false);
	});

	test("a claim lists only what was there: no password, no sessions, expired requests only", async () => {
		const user = await insertUser(under, { passwordHash: NO_PASSWORD_HASH });
		const now = under.seconds();
		await at(under, now - 700, () => under.stores.emailVerifications.replace({ userId: user.id, code: "ABCDEFGH" }, 600));
		const id = await request(under, user.id);
		const claim = claimOf(under, user.id, "password_reset", "the prover's hash");
		const outcome = await under.stores.passwordResets.resetPassword(id, event(under, "password_reset", user.id), claim);
		expect(outcome!.claimed).toBe(true);
		const reset = (await eventsOf(under, user.id)).at(-1)!;
		expect(outcome!.written).toEqual([{ ...claim.event, userId: user.id, data: { removed: [] } }, reset]);
		expect(endedIn(outcome!.written)).toBeNull();
	});

	test("a reset whose event cannot be stored changes nothing and leaves the request to be used", async () => {
		const user = await verifiedUser(under);
		const session = await signIn(under, user.id);
		const id = await request(under, user.id);
		await withEventsRefused(under, "password_reset", () => under.stores.passwordResets.resetPassword(id, event(under, "password_reset", user.id), claimOf(under, user.id, "password_reset", "new-hash")));
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
		expect(await under.stores.passwordResets.get(id)).not.toBeNull();
		expect(await under.stores.passwordResets.resetPassword(id, event(under, "password_reset", user.id), claimOf(under, user.id, "password_reset", "new-hash"))).not.toBeNull();
	});

	test("resetPassword for a user deleted since the request was verified does nothing", async () => {
		const user = await verifiedUser(under);
		const id = await request(under, user.id);
		const ending = claimOf(under, user.id, "password_reset", "x").ending;
		await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), { ...ending, event: { ...ending.event, data: { reason: "user_deleted" } } });
		expect(await under.stores.passwordResets.resetPassword(id, event(under, "password_reset", user.id), claimOf(under, user.id, "password_reset", "x"))).toBeNull();
	});
});
