// The UserImportStore and user export contracts (src/features/user-imports/store.ts), on SQLite and
// PostgreSQL alike: an import stores each user whose id, email, passkeys and sessions are all free,
// with everything it carries, and leaves the others out, so parallel imports and sign-ups never give
// one address, id, credential or session to two users; an export reads every user from one
// snapshot, in created_at, id order, while writes go on, and gives back what an import stored.
import { expect, test } from "bun:test";
import type { ExportedUser, ImportedUser, UserExportSource } from "../../../src/features/user-imports/store.ts";
import { DEFAULT_SESSION_SETTINGS } from "../../../src/features/sessions/settings.ts";
import { generateId } from "../../../src/lib/ids.ts";
import { openPostgresUserExport } from "../../../src/stores/postgres/user-export.ts";
import { openSqliteUserExport } from "../../../src/stores/sqlite/user-export.ts";
import { bytes, contract, event, importedUser, insertUser, KIND, storedUser, newUser, passkeyOf, randomBytes, together, type Under } from "./harness.ts";

function sessionOf(under: Under, fields: Partial<ImportedUser["sessions"][number]> = {}): ImportedUser["sessions"][number] {
	return { id: generateId(), digest: randomBytes(), createdAt: under.seconds() - 60, lastUsedAt: under.seconds() - 30, clientIp: "192.0.2.1", userAgent: "Contract/1.0", secondFactorVerifiedAt: null, ...fields };
}

/** A user with a bit of everything an import carries. */
function fullUser(under: Under): ImportedUser {
	const user = importedUser(under, { emailVerified: true, totpKey: randomBytes(20), passkeyUserHandle: randomBytes() });
	user.passkeys = [passkeyOf(under, user.id, { signCount: 7, lastUsedAt: under.seconds() - 5, transports: ["usb"] }), passkeyOf(under, user.id, { name: "Second" })];
	user.sessions = [sessionOf(under, { secondFactorVerifiedAt: under.seconds() - 40 })];
	return user;
}

function openExport(under: Under): UserExportSource {
	const live = { now: under.seconds(), idleTimeoutSeconds: DEFAULT_SESSION_SETTINGS.idleTimeoutSeconds, lifetimeSeconds: DEFAULT_SESSION_SETTINGS.lifetimeSeconds };
	return KIND === "sqlite" ? openSqliteUserExport(under.location, live) : openPostgresUserExport(under.location, live);
}

async function exportAll(under: Under, during?: (batch: number) => Promise<void>): Promise<{ users: ExportedUser[]; batches: number[] }> {
	const source = openExport(under);
	const users: ExportedUser[] = [];
	const batches: number[] = [];
	try {
		await source.each(async (batch) => {
			users.push(...batch);
			batches.push(batch.length);
			await during?.(batches.length);
		});
	} finally {
		await source.close();
	}
	return { users, batches };
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

contract("UserImportStore", {}, (under) => {
	test("insertWhereFree stores each user with its TOTP credential, passkeys, user handle and sessions", async () => {
		const user = fullUser(under);
		const totpAt = under.seconds() - 100;
		expect(await under.stores.userImports.insertWhereFree([user], totpAt)).toEqual(new Set([user.id]));
		expect(await under.stores.users.get(user.id)).toEqual(storedUser(user, { emailVerified: true, totpRegistered: true }));
		expect(await under.stores.users.getPasswordHash(user.id)).toBe(user.passwordHash);
		expect(await under.stores.twoFactor.getCredential(user.id)).toEqual({ userId: user.id, createdAt: totpAt, key: user.totpKey! });
		expect(bytes((await under.stores.passkeys.getUserHandle(user.id))!)).toEqual(user.passkeyUserHandle!);
		const passkeys = (await under.stores.passkeys.listForUser(user.id)).map((p) => ({ ...p, credentialId: bytes(p.credentialId), publicKey: bytes(p.publicKey), aaguid: bytes(p.aaguid) }));
		expect(passkeys).toEqual([...user.passkeys].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)));
		const [session] = await under.stores.sessions.listForUser(user.id, DEFAULT_SESSION_SETTINGS);
		const { digest, ...fields } = user.sessions[0]!;
		expect(session).toEqual({ ...fields, userId: user.id, newDevice: false });
		expect(bytes((await under.stores.sessions.findForValidation(session!.id))!.digest)).toEqual(digest);
		// An import writes no event of its own (the action writes users_imported).
		expect((await under.stores.events.list({ after: null, userId: user.id, types: [], limit: 10 }) as { events: unknown[] }).events).toEqual([]);
		expect(await under.stores.userImports.insertWhereFree([], totpAt)).toEqual(new Set());
	});

	test("insertWhereFree leaves out each user whose id, email, passkey id, credential id or session id is taken, and stores the rest", async () => {
		const holder = fullUser(under);
		await under.stores.userImports.insertWhereFree([holder], under.seconds());
		const signedUp = await insertUser(under);
		const free = importedUser(under);
		const takenId = importedUser(under, { id: holder.id });
		const takenEmail = importedUser(under, { email: signedUp.email });
		const takenPasskeyId = importedUser(under);
		takenPasskeyId.passkeys = [passkeyOf(under, takenPasskeyId.id, { id: holder.passkeys[0]!.id })];
		const takenCredential = importedUser(under);
		takenCredential.passkeys = [passkeyOf(under, takenCredential.id, { credentialId: holder.passkeys[1]!.credentialId })];
		const takenSession = importedUser(under);
		takenSession.sessions = [sessionOf(under, { id: holder.sessions[0]!.id })];
		const given = [free, takenId, takenEmail, takenPasskeyId, takenCredential, takenSession];
		// On PostgreSQL a conflict found only at the insert leaves the whole batch out, for the caller
		// to look up and try again; taken before the call, as here, they are found beforehand.
		expect(await under.stores.userImports.insertWhereFree(given, under.seconds())).toEqual(new Set([free.id]));
		for (const user of given.slice(1)) {
			const stored = await under.stores.users.get(user.id);
			if (user === takenId) expect(stored!.email).toBe(holder.email);
			else expect(stored).toBeNull();
		}
		expect(await under.stores.passkeys.get(takenCredential.passkeys[0]!.id)).toBeNull();
	});

	test("the lookups: who holds each email, id, passkey and session given", async () => {
		const holder = fullUser(under);
		await under.stores.userImports.insertWhereFree([holder], under.seconds());
		const nobody = importedUser(under);
		expect(await under.stores.userImports.emailHolders([holder.email!, nobody.email!])).toEqual(new Map([[holder.email!, holder.id]]));
		expect(await under.stores.userImports.existingIds([holder.id, nobody.id])).toEqual(new Set([holder.id]));
		const sameId = passkeyOf(under, nobody.id, { id: holder.passkeys[0]!.id });
		const sameCredential = passkeyOf(under, nobody.id, { credentialId: holder.passkeys[1]!.credentialId });
		const unrelated = passkeyOf(under, nobody.id);
		expect(await under.stores.userImports.passkeyHolders([sameId, sameCredential, unrelated])).toEqual(
			new Map([
				[sameId.id, holder.id],
				[sameCredential.id, holder.id],
			]),
		);
		expect(await under.stores.userImports.sessionHolders([holder.sessions[0]!.id, generateId()])).toEqual(new Map([[holder.sessions[0]!.id, holder.id]]));
		for (const empty of [under.stores.userImports.emailHolders([]), under.stores.userImports.passkeyHolders([]), under.stores.userImports.sessionHolders([])]) expect(await empty).toEqual(new Map());
		expect(await under.stores.userImports.existingIds([])).toEqual(new Set());
	});

	test("an import carries a disable and identities; the export gives them back, the disable judged at the export's time; identityHolders by id or (issuer, subject)", async () => {
		const now = under.seconds();
		const until = importedUser(under, { disabledUntil: now + 600, disabledReason: "Imported" });
		const forever = importedUser(under, { disabledUntil: 0, disabledReason: null });
		const identity = { id: generateId(), userId: forever.id, provider: "idp", issuer: "https://idp.example.com", subject: generateId(), email: forever.email, emailVerified: true, name: "Ada", createdAt: now - 50, lastSignInAt: now - 10 };
		forever.identities = [identity];
		expect(await under.stores.userImports.insertWhereFree([until, forever], now)).toEqual(new Set([until.id, forever.id]));
		expect(await under.stores.users.get(until.id)).toMatchObject({ disabled: true, disabledUntil: now + 600, disabledReason: "Imported" });
		expect(await under.stores.users.get(forever.id)).toMatchObject({ disabled: true, disabledUntil: null, disabledReason: null });
		expect(await under.stores.identities.listForUser(forever.id)).toEqual([identity]);
		const holders = await under.stores.userImports.identityHolders([
			{ ...identity },
			{ ...identity, id: generateId() },
			{ ...identity, id: generateId(), subject: generateId() },
		]);
		expect([...holders.values()]).toEqual([forever.id, forever.id]);
		expect(await under.stores.userImports.identityHolders([])).toEqual(new Map());
		const exported = (await exportAll(under)).users;
		expect(exported.find((u) => u.id === until.id)).toMatchObject({ disabled_until: now + 600, disabled_reason: "Imported", identities: [] });
		expect(exported.find((u) => u.id === forever.id)).toMatchObject({
			disabled_until: 0,
			disabled_reason: null,
			identities: [{ id: identity.id, provider: "idp", issuer: identity.issuer, subject: identity.subject, email: identity.email, email_verified: true, name: "Ada", created_at: now - 50, last_sign_in_at: now - 10 }],
		});
		// Once its end has passed by the export's time, a disable is not exported, and the user reads as enabled.
		under.clock.advance(600_000);
		const later = (await exportAll(under)).users.find((u) => u.id === until.id)!;
		expect(later).not.toHaveProperty("disabled_until");
		expect(later).not.toHaveProperty("disabled_reason");
		expect((await under.stores.users.get(until.id))!.disabled).toBe(false);
	});

	test("parallel imports of overlapping users, and a sign-up racing them, give each id and email to one user", async () => {
		const users = Array.from({ length: 12 }, () => importedUser(under));
		const email = users[0]!.email!;
		const signUp = newUser(under, { email });
		const [inserted, signedUp] = await Promise.all([
			together(4, (i) => under.stores.userImports.insertWhereFree(users.slice(i * 2, i * 2 + 6), under.seconds())),
			under.stores.users.insert(signUp, event(under, "user_created", signUp.id)),
		]);
		const all = inserted.flatMap((set) => [...set]);
		expect(new Set(all).size).toBe(all.length); // no user inserted twice
		expect((await under.stores.users.getByEmail(email))!.id).toBe(signedUp === "CREATED" ? signUp.id : users[0]!.id);
		for (const user of users) {
			const stored = await under.stores.users.get(user.id);
			expect(stored === null ? null : stored.email).toBe(all.includes(user.id) ? user.email : null);
		}
	});

	test("an export gives back what an import stored, every user in created_at, id order, live sessions only", async () => {
		const before = (await exportAll(under)).users.length;
		const full = fullUser(under);
		full.sessions.push(sessionOf(under, { lastUsedAt: under.seconds() - DEFAULT_SESSION_SETTINGS.idleTimeoutSeconds }));
		const bare = importedUser(under, { passwordHash: "", createdAt: full.createdAt, email: null });
		await under.stores.userImports.insertWhereFree([full, bare], under.seconds() - 100);
		const { users } = await exportAll(under);
		expect(users).toHaveLength(before + 2);
		const order = users.map((u) => [u.created_at, u.id] as const);
		expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
		const exported = users.find((u) => u.id === full.id)!;
		expect(exported).toEqual({
			id: full.id,
			email: full.email,
			email_verified: true,
			created_at: full.createdAt,
			password_hash: full.passwordHash,
			totp_key: Buffer.from(full.totpKey!).toString("base64"),
			recovery_code: full.recoveryCode,
			passkey_user_handle: b64url(full.passkeyUserHandle!),
			passkeys: [...full.passkeys].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((p) => ({
				id: p.id,
				credential_id: b64url(p.credentialId),
				public_key: Buffer.from(p.publicKey).toString("base64"),
				algorithm: p.algorithm,
				sign_count: p.signCount,
				name: p.name,
				created_at: p.createdAt,
				last_used_at: p.lastUsedAt,
				backup_eligible: p.backupEligible,
				backed_up: p.backedUp,
				transports: p.transports,
				aaguid: "00000000-0000-0000-0000-000000000000",
			})),
			sessions: [
				{
					id: full.sessions[0]!.id,
					digest: b64url(full.sessions[0]!.digest),
					created_at: full.sessions[0]!.createdAt,
					last_used_at: full.sessions[0]!.lastUsedAt,
					client_ip: "192.0.2.1",
					user_agent: "Contract/1.0",
					second_factor_verified_at: full.sessions[0]!.secondFactorVerifiedAt,
				},
			],
			identities: [],
		});
		expect(users.find((u) => u.id === bare.id)).toMatchObject({ email: null, password_hash: null, totp_key: null, passkey_user_handle: null, passkeys: [], sessions: [] });
	});
});

// An export of more users than one batch holds (10,000) reads them all from one snapshot: what is
// written or deleted while it runs is not in it.
contract("User export", {}, (under) => {
	test("an export of more than one batch is one snapshot, whatever is written while it runs", async () => {
		const users = Array.from({ length: 10_050 }, (_, i) => importedUser(under, { createdAt: under.seconds() - 100_000 + i }));
		for (let i = 0; i < users.length; i += 1000) await under.stores.userImports.insertWhereFree(users.slice(i, i + 1000), under.seconds());
		const late = newUser(under, { createdAt: under.seconds() + 1 });
		const { users: exported, batches } = await exportAll(under, async (batch) => {
			if (batch !== 1) return;
			// Between the batches: a new user, and one of the next batch's deleted.
			await under.stores.users.insert(late, event(under, "user_created", late.id));
			const last = users.at(-1)!;
			expect(await under.stores.users.delete(last.id, event(under, "user_deleted", last.id), { keep: null, event: event(under, "sessions_ended", last.id, { reason: "user_deleted" }), now: under.seconds(), settings: DEFAULT_SESSION_SETTINGS })).not.toBeNull();
		});
		expect(batches).toEqual([10_000, 50]);
		expect(exported.map((u) => u.id)).toEqual(users.map((u) => u.id));
		expect((await exportAll(under)).users.map((u) => u.id)).toEqual([...users.slice(0, -1).map((u) => u.id), late.id]);
	});
});
