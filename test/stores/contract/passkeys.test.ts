// The PasskeyStore contract (src/features/passkeys/store.ts), on SQLite and PostgreSQL alike: a
// ceremony is taken once, whichever of parallel verifies asks; the count of ten and the credential
// id's uniqueness hold against parallel registrations; a sign-in's counter is a compare-and-swap;
// removing a passkey ends the user's other sessions in its own transaction.
import { expect, test } from "bun:test";
import { MAX_PASSKEYS_PER_USER, type Ceremony } from "../../../src/features/passkeys/store.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { bytes, contract, endedIn, ending, event, eventsOf, eventTypesOf, insertUser, passkeyOf, randomBytes, signIn, together, withEventsRefused, type Under } from "./harness.ts";

type NewCeremony = Omit<Ceremony, "createdAt" | "expiresAt">;

function ceremony(under: Under, userId: string | null, fields: Partial<NewCeremony> = {}): NewCeremony {
	return { id: generateId(), kind: "registration", userId, challenge: randomBytes(), ...fields };
}

/** Stores the ceremony, made now by the store's clock and expiring `lifetimeSeconds` later; the
 *  ceremony as stored. */
async function stored(under: Under, made: NewCeremony, lifetimeSeconds = 300): Promise<Ceremony> {
	const times = await under.stores.passkeys.insertCeremony(made, lifetimeSeconds);
	expect(times).toEqual({ createdAt: under.seconds(), expiresAt: under.seconds() + lifetimeSeconds });
	return { ...made, ...times! };
}

contract("PasskeyStore", {}, (under) => {
	test("userHandle is made once and kept, whoever asks first; null for a user who is gone", async () => {
		const user = await insertUser(under);
		expect(await under.stores.passkeys.getUserHandle(user.id)).toBeNull();
		const offered = Array.from({ length: 6 }, () => randomBytes());
		const handles = await together(offered.length, (i) => under.stores.passkeys.userHandle(user.id, offered[i]!));
		const first = bytes(handles[0]!);
		expect(offered.some((h) => Buffer.from(h).equals(Buffer.from(first)))).toBe(true);
		for (const handle of handles) expect(bytes(handle!)).toEqual(first);
		expect(bytes((await under.stores.passkeys.userHandle(user.id, randomBytes()))!)).toEqual(first);
		expect(bytes((await under.stores.passkeys.getUserHandle(user.id))!)).toEqual(first);
		expect(await under.stores.passkeys.userHandle(generateId(), randomBytes())).toBeNull();
		expect(await under.stores.passkeys.getUserHandle(generateId())).toBeNull();
	});

	test("a ceremony is taken once, by its kind, while live by the store's clock; an expired one is taken and not handed out; null for a ceremony naming a user who is gone", async () => {
		const user = await insertUser(under);
		const registration = await stored(under, ceremony(under, user.id));
		expect(await under.stores.passkeys.takeCeremony(registration.id, "authentication")).toBeNull();
		const taken = await under.stores.passkeys.takeCeremony(registration.id, "registration");
		expect({ ...taken!, challenge: bytes(taken!.challenge) }).toEqual(registration);
		expect(await under.stores.passkeys.takeCeremony(registration.id, "registration")).toBeNull();
		// A discoverable sign-in names nobody.
		const discoverable = await stored(under, ceremony(under, null, { kind: "authentication" }));
		expect((await under.stores.passkeys.takeCeremony(discoverable.id, "authentication"))?.userId).toBeNull();
		// Expired by the store's clock: not handed out, and used up all the same (a clock put back finds nothing).
		const expiring = await stored(under, ceremony(under, user.id, { kind: "authentication" }), 60);
		under.clock.advance(60_000);
		expect(await under.stores.passkeys.takeCeremony(expiring.id, "authentication")).toBeNull();
		under.clock.advance(-60_000);
		expect(await under.stores.passkeys.takeCeremony(expiring.id, "authentication")).toBeNull();
		expect(await under.stores.passkeys.insertCeremony(ceremony(under, generateId()), 300)).toBeNull();
	});

	test("takeCeremony: of parallel verifies of one ceremony exactly one gets it", async () => {
		const user = await insertUser(under);
		const made = await stored(under, ceremony(under, user.id, { kind: "authentication" }));
		const taken = await together(8, () => under.stores.passkeys.takeCeremony(made.id, "authentication"));
		expect(taken.filter((c) => c !== null)).toHaveLength(1);
	});

	test("deleteExpiredCeremonies deletes what expired at the time given, and a ceremony goes with its user", async () => {
		const user = await insertUser(under);
		const early = await stored(under, ceremony(under, user.id), 10);
		const late = await stored(under, ceremony(under, user.id), 300);
		await under.stores.passkeys.deleteExpiredCeremonies(under.seconds() + 10);
		expect(await under.stores.passkeys.takeCeremony(early.id, "registration")).toBeNull();
		expect(await under.stores.passkeys.takeCeremony(late.id, "registration")).not.toBeNull();
		const kept = await stored(under, ceremony(under, user.id));
		await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ending(under, user.id, "user_deleted"));
		expect(await under.stores.passkeys.takeCeremony(kept.id, "registration")).toBeNull();
		expect(late).toBeDefined();
	});

	test("insertPasskey stores every field with passkey_registered; every read gives it back the same", async () => {
		const user = await insertUser(under);
		const passkey = passkeyOf(under, user.id, { signCount: 2 ** 32 - 1, transports: ["usb", "nfc"], backedUp: true, aaguid: randomBytes(16), algorithm: -257 });
		const registered = event(under, "passkey_registered", user.id, { passkey_id: passkey.id });
		expect(await under.stores.passkeys.insertPasskey(passkey, registered)).toBe("CREATED");
		const normal = (p: typeof passkey | null) => p && { ...p, credentialId: bytes(p.credentialId), publicKey: bytes(p.publicKey), aaguid: bytes(p.aaguid) };
		expect(normal(await under.stores.passkeys.get(passkey.id))).toEqual(passkey);
		expect(normal(await under.stores.passkeys.getByCredentialId(passkey.credentialId))).toEqual(passkey);
		expect((await under.stores.passkeys.listForUser(user.id)).map(normal)).toEqual([passkey]);
		expect((await eventsOf(under, user.id)).at(-1)).toEqual(registered);
		expect(await under.stores.passkeys.get(generateId())).toBeNull();
		expect(await under.stores.passkeys.getByCredentialId(randomBytes(16))).toBeNull();
	});

	test("insertPasskey: ALREADY_REGISTERED for a credential id anyone holds, NO_USER for a user who is gone; no event for either", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const passkey = passkeyOf(under, user.id);
		await under.stores.passkeys.insertPasskey(passkey, event(under, "passkey_registered", user.id));
		expect(await under.stores.passkeys.insertPasskey(passkeyOf(under, other.id, { credentialId: passkey.credentialId }), event(under, "passkey_registered", other.id))).toBe("ALREADY_REGISTERED");
		expect(await under.stores.passkeys.insertPasskey(passkeyOf(under, user.id, { credentialId: passkey.credentialId }), event(under, "passkey_registered", user.id))).toBe("ALREADY_REGISTERED");
		expect(await eventTypesOf(under, other.id)).toEqual(["user_created"]);
		const nobody = generateId();
		expect(await under.stores.passkeys.insertPasskey(passkeyOf(under, nobody), event(under, "passkey_registered", nobody))).toBe("NO_USER");
		expect(await eventsOf(under, nobody)).toEqual([]);
	});

	test("insertPasskey: parallel registrations stop at the most a user may hold; listForUser is by created_at", async () => {
		const user = await insertUser(under);
		const passkeys = Array.from({ length: MAX_PASSKEYS_PER_USER + 5 }, (_, i) => passkeyOf(under, user.id, { createdAt: under.seconds() + i }));
		const outcomes = await together(passkeys.length, (i) => under.stores.passkeys.insertPasskey(passkeys[i]!, event(under, "passkey_registered", user.id)));
		expect(outcomes.filter((o) => o === "CREATED")).toHaveLength(MAX_PASSKEYS_PER_USER);
		expect(outcomes.filter((o) => o === "TOO_MANY")).toHaveLength(5);
		const listed = await under.stores.passkeys.listForUser(user.id);
		expect(listed).toHaveLength(MAX_PASSKEYS_PER_USER);
		expect(listed.map((p) => p.createdAt)).toEqual([...listed.map((p) => p.createdAt)].sort((a, b) => a - b));
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "passkey_registered")).toHaveLength(MAX_PASSKEYS_PER_USER);
	});

	test("insertPasskey: of parallel registrations of one credential id by two users, one is stored", async () => {
		const users = [await insertUser(under), await insertUser(under)];
		const credentialId = randomBytes(16);
		const outcomes = await together(6, (i) => under.stores.passkeys.insertPasskey(passkeyOf(under, users[i % 2]!.id, { credentialId }), event(under, "passkey_registered", users[i % 2]!.id)));
		expect(outcomes.filter((o) => o === "CREATED")).toHaveLength(1);
		expect(outcomes.filter((o) => o === "ALREADY_REGISTERED")).toHaveLength(5);
	});

	test("recordUse stores a use only from the counter it was verified against, with its event; parallel uses of one counter: one", async () => {
		const user = await insertUser(under);
		const passkey = passkeyOf(under, user.id, { signCount: 5 });
		await under.stores.passkeys.insertPasskey(passkey, event(under, "passkey_registered", user.id));
		const use = { signCount: 6, backedUp: true, usedAt: under.seconds() };
		const signedIn = event(under, "sign_in", user.id, { method: "passkey" });
		expect(await under.stores.passkeys.recordUse(passkey.id, 4, use, event(under, "sign_in", user.id))).toBe(false);
		expect(await under.stores.passkeys.recordUse(passkey.id, 5, use, signedIn)).toBe(true);
		expect(await under.stores.passkeys.get(passkey.id)).toMatchObject({ signCount: 6, backedUp: true, lastUsedAt: use.usedAt });
		expect((await eventsOf(under, user.id)).at(-1)).toEqual(signedIn);
		const outcomes = await together(6, (i) => under.stores.passkeys.recordUse(passkey.id, 6, { ...use, signCount: 7 + i }, event(under, "sign_in", user.id)));
		expect(outcomes.filter(Boolean)).toHaveLength(1);
		expect((await eventTypesOf(under, user.id)).filter((t) => t === "sign_in")).toHaveLength(2);
		expect(await under.stores.passkeys.recordUse(generateId(), 0, use, event(under, "sign_in", user.id))).toBe(false);
	});

	test("delete removes the user's passkey and ends their sessions but the kept one, with passkey_deleted; another user's passkey is not theirs to delete", async () => {
		const user = await insertUser(under);
		const other = await insertUser(under);
		const passkey = passkeyOf(under, user.id);
		await under.stores.passkeys.insertPasskey(passkey, event(under, "passkey_registered", user.id));
		const kept = await signIn(under, user.id);
		const ended = await signIn(under, user.id);
		const theirs = ending(under, other.id, "passkey_removed");
		expect(await under.stores.passkeys.delete(passkey.id, other.id, event(under, "passkey_deleted", other.id), theirs)).toBeNull();
		expect(await eventTypesOf(under, other.id)).toEqual(["user_created"]);
		expect(await under.stores.passkeys.get(passkey.id)).not.toBeNull();
		const sessionsEnded = ending(under, user.id, "passkey_removed", kept);
		const deleted = await under.stores.passkeys.delete(passkey.id, user.id, event(under, "passkey_deleted", user.id), sessionsEnded);
		expect(deleted).not.toBeNull();
		expect(await under.stores.passkeys.get(passkey.id)).toBeNull();
		expect(endedIn(deleted)!.data).toEqual({ reason: "passkey_removed", session_ids: [ended] });
		expect(deleted).toEqual((await eventsOf(under, user.id)).slice(-2));
		expect(await under.stores.sessions.findForValidation(kept)).not.toBeNull();
		expect((await eventTypesOf(under, user.id)).slice(-2)).toEqual(["sessions_ended", "passkey_deleted"]);
		expect(await under.stores.passkeys.delete(passkey.id, user.id, event(under, "passkey_deleted", user.id), ending(under, user.id, "passkey_removed"))).toBeNull();
	});

	test("a removal whose event cannot be stored removes nothing and ends no session", async () => {
		const user = await insertUser(under);
		const passkey = passkeyOf(under, user.id);
		await under.stores.passkeys.insertPasskey(passkey, event(under, "passkey_registered", user.id));
		const session = await signIn(under, user.id);
		await withEventsRefused(under, "passkey_deleted", () => under.stores.passkeys.delete(passkey.id, user.id, event(under, "passkey_deleted", user.id), ending(under, user.id, "passkey_removed")));
		expect(await under.stores.passkeys.get(passkey.id)).not.toBeNull();
		expect(await under.stores.sessions.findForValidation(session)).not.toBeNull();
	});

	test("a registration whose event cannot be stored stores no passkey", async () => {
		const user = await insertUser(under);
		const passkey = passkeyOf(under, user.id);
		await withEventsRefused(under, "passkey_registered", () => under.stores.passkeys.insertPasskey(passkey, event(under, "passkey_registered", user.id)));
		expect(await under.stores.passkeys.get(passkey.id)).toBeNull();
	});
});
