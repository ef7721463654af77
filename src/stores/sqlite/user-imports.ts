// Importing users on SQLite: one synchronous transaction per request, so no other write (a
// sign-up, another import, a passkey registration) can come between a row's check and its insert.
import type { Database } from "bun:sqlite";
import type { ImportedUser, UserImportStore } from "../../features/user-imports/store.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** Who holds each of `items` (by `key`), for those `holderOf` finds a holder of. */
function holdersOf<T>(items: readonly T[], key: (item: T) => string, holderOf: (item: T) => string | undefined): Map<string, string> {
	const holders = new Map<string, string>();
	for (const item of items) {
		const holder = holderOf(item);
		if (holder !== undefined) holders.set(key(item), holder);
	}
	return holders;
}

export function createSqliteUserImportStore(db: Database): UserImportStore {
	// One statement for the whole batch, not one per row: the email search index (an FTS5 table kept
	// by triggers) writes its pending rows out at every statement that opens a savepoint, so row by
	// row it wrote 1,000 tiny segments a request and made an import three times slower.
	// DO NOTHING with no target: a taken id and a taken email alike leave the row out.
	const insertUsers = db.prepare<{ id: string }, [string]>(
		`INSERT INTO user (id, created_at, email, email_verified, password_hash, recovery_code, disabled_until, disabled_reason)
		SELECT value ->> 'id', value ->> 'created_at', value ->> 'email', value ->> 'email_verified', value ->> 'password_hash', value ->> 'recovery_code',
			value ->> 'disabled_until', value ->> 'disabled_reason'
		FROM json_each(?) WHERE true
		ON CONFLICT DO NOTHING
		RETURNING id`,
	);
	const insertCredential = db.prepare<void, [string, number, Uint8Array]>(
		`INSERT INTO totp_credential (user_id, created_at, key, last_used_step) VALUES (?, ?, ?, 0)`,
	);
	const selectPasskeyHolder = db.prepare<{ user_id: string }, [string, Uint8Array]>(`SELECT user_id FROM passkey WHERE id = +? OR credential_id = +? LIMIT 1`);
	const insertHandle = db.prepare<void, [string, Uint8Array]>(
		`INSERT INTO passkey_user_handle (user_id, handle) VALUES (?, ?) ON CONFLICT DO NOTHING`,
	);
	const insertPasskey = db.prepare<void, [string, string, Uint8Array, Uint8Array, number, number, string, number, number | null, number, number, string, Uint8Array]>(
		`INSERT INTO passkey (id, user_id, credential_id, public_key, algorithm, sign_count, name, created_at, last_used_at,
			backup_eligible, backed_up, transports, aaguid)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const selectSessionHolder = db.prepare<{ user_id: string }, [string]>(`SELECT user_id FROM session WHERE id = ?`);
	const insertSession = db.prepare<void, [string, string, Uint8Array, number, number, string | null, string | null, number | null]>(
		`INSERT INTO session (id, user_id, digest, created_at, last_used_at, client_ip, user_agent, second_factor_verified_at, new_device)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)`,
	);
	const selectIdentityHolder = db.prepare<{ user_id: string }, [string, string, string]>(
		`SELECT user_id FROM identity WHERE id = +? OR (issuer = +? AND subject = +?) LIMIT 1`,
	);
	const insertIdentity = db.prepare<void, [string, string, string, string, string, string | null, number, string | null, number, number | null]>(
		`INSERT INTO identity (id, user_id, provider, issuer, subject, email, email_verified, name, created_at, last_sign_in_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const identityHolder = (identity: ImportedUser["identities"][number]) => selectIdentityHolder.get(identity.id, identity.issuer, identity.subject)?.user_id;
	const selectEmailHolder = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE email = ?`);
	const selectId = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);

	const insertAll = writeTransaction(db, (given: readonly ImportedUser[], totpCreatedAt: number): Set<string> => {
		// A user one of whose passkey ids or credential ids is registered, one of whose session ids is
		// taken, or one of whose identities another user holds, stays out, judged in this transaction.
		const users = given.filter(
			(user) =>
				user.passkeys.every((passkey) => selectPasskeyHolder.get(passkey.id, passkey.credentialId) === null) &&
				user.sessions.every((session) => selectSessionHolder.get(session.id) === null) &&
				user.identities.every((identity) => identityHolder(identity) === undefined),
		);
		if (users.length === 0) return new Set();
		const rows = users.map((user) => ({
			id: user.id,
			created_at: user.createdAt,
			email: user.email,
			email_verified: user.emailVerified ? 1 : 0,
			password_hash: user.passwordHash,
			recovery_code: user.recoveryCode,
			disabled_until: user.disabledUntil,
			disabled_reason: user.disabledReason,
		}));
		const inserted = new Set(insertUsers.all(JSON.stringify(rows)).map((row) => row.id));
		for (const user of users) {
			if (!inserted.has(user.id)) continue;
			if (user.totpKey !== null) insertCredential.run(user.id, totpCreatedAt, user.totpKey);
			// A handle another user holds (the same export imported under two ids) is left out: one is made when first needed.
			if (user.passkeyUserHandle !== null) insertHandle.run(user.id, user.passkeyUserHandle);
			for (const p of user.passkeys) {
				insertPasskey.run(p.id, user.id, p.credentialId, p.publicKey, p.algorithm, p.signCount, p.name, p.createdAt, p.lastUsedAt,
					p.backupEligible ? 1 : 0, p.backedUp ? 1 : 0, JSON.stringify(p.transports), p.aaguid);
			}
			for (const s of user.sessions) {
				insertSession.run(s.id, user.id, s.digest, s.createdAt, s.lastUsedAt, s.clientIp, s.userAgent, s.secondFactorVerifiedAt);
			}
			for (const i of user.identities) {
				insertIdentity.run(i.id, user.id, i.provider, i.issuer, i.subject, i.email, i.emailVerified ? 1 : 0, i.name, i.createdAt, i.lastSignInAt);
			}
		}
		return inserted;
	});

	return {
		async insertWhereFree(users, totpCreatedAt) {
			if (users.length === 0) return new Set();
			return insertAll(users, totpCreatedAt);
		},
		async emailHolders(emails) {
			return holdersOf(emails, (email) => email, (email) => selectEmailHolder.get(email)?.id);
		},
		async existingIds(ids) {
			return new Set(ids.filter((id) => selectId.get(id) !== null));
		},
		async sessionHolders(sessionIds) {
			return holdersOf(sessionIds, (id) => id, (id) => selectSessionHolder.get(id)?.user_id);
		},
		async identityHolders(identities) {
			return holdersOf(identities, (identity) => identity.id, identityHolder);
		},
		async passkeyHolders(passkeys) {
			return holdersOf(passkeys, (passkey) => passkey.id, (passkey) => selectPasskeyHolder.get(passkey.id, passkey.credentialId)?.user_id);
		},
	};
}
