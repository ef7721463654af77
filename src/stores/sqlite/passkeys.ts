// Passkeys on SQLite. A ceremony is taken with DELETE … RETURNING (one statement on the one writer:
// a second verify finds nothing); a registration's count and uniqueness are judged in the
// transaction that inserts; a sign-in's counter is stored with a compare-and-swap.
import type { Database } from "bun:sqlite";
import { stampedAt } from "../../features/code-requests-store.ts";
import { MAX_PASSKEYS_PER_USER, type InsertPasskeyOutcome, type Passkey, type PasskeyStore, type PasskeyUse } from "../../features/passkeys/store.ts";
import { type HolmEvent, written } from "../../features/events/store.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { PASSKEY_COLUMNS, passkeyOrNull, toCeremony, toPasskey, type CeremonyRow, type PasskeyRow } from "../passkey-rows.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import { isForeignKeyViolation, isUniqueViolation } from "./errors.ts";
import type { SqliteEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";
import { writeTransaction } from "./db/write-transaction.ts";

/** `now`: the time in seconds that stamps and judges a ceremony's expiry. */
export function createSqlitePasskeyStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): PasskeyStore {
	const insertHandle = db.prepare<void, [Uint8Array, string]>(
		`INSERT INTO passkey_user_handle (user_id, handle) SELECT id, ? FROM user WHERE id = ? ON CONFLICT (user_id) DO NOTHING`,
	);
	const selectHandle = db.prepare<{ handle: Uint8Array }, [string]>(`SELECT handle FROM passkey_user_handle WHERE user_id = ?`);
	const insertCeremony = db.prepare<void, [string, string, string | null, Uint8Array, number, number]>(
		`INSERT INTO passkey_ceremony (id, kind, user_id, challenge, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
	);
	const takeCeremony = db.prepare<CeremonyRow, [string, string]>(
		`DELETE FROM passkey_ceremony WHERE id = ? AND kind = ? RETURNING id, kind, user_id, challenge, created_at, expires_at`,
	);
	const countForUser = db.prepare<{ n: number }, [string]>(`SELECT count(*) AS n FROM passkey WHERE user_id = ?`);
	const selectUser = db.prepare<{ id: string }, [string]>(`SELECT id FROM user WHERE id = ?`);
	const insertPasskey = db.prepare<void, [string, string, Uint8Array, Uint8Array, number, number, string, number, number, number, string, Uint8Array]>(
		`INSERT INTO passkey (id, user_id, credential_id, public_key, algorithm, sign_count, name, created_at, last_used_at,
			backup_eligible, backed_up, transports, aaguid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
	);
	const readPasskey = reads.prepare<PasskeyRow, [string]>(`SELECT ${PASSKEY_COLUMNS} FROM passkey WHERE id = ?`);
	const readByCredentialId = reads.prepare<PasskeyRow, [Uint8Array]>(`SELECT ${PASSKEY_COLUMNS} FROM passkey WHERE credential_id = ?`);
	const readForUser = reads.prepare<PasskeyRow, [string]>(`SELECT ${PASSKEY_COLUMNS} FROM passkey WHERE user_id = +? ORDER BY created_at, id`);
	const deletePasskey = db.prepare<void, [string, string]>(`DELETE FROM passkey WHERE id = ? AND user_id = ?`);
	const recordUse = db.prepare<void, [number, number, number, string, number]>(
		`UPDATE passkey SET sign_count = ?, backed_up = ?, last_used_at = ? WHERE id = ? AND sign_count = ?`,
	);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM passkey_ceremony WHERE expires_at <= ?`);

	const insert = writeTransaction(db, (passkey: Passkey, event: HolmEvent): InsertPasskeyOutcome => {
		if (selectUser.get(passkey.userId) === null) return "NO_USER";
		if (countForUser.get(passkey.userId)!.n >= MAX_PASSKEYS_PER_USER) return "TOO_MANY";
		try {
			insertPasskey.run(
				passkey.id,
				passkey.userId,
				passkey.credentialId,
				passkey.publicKey,
				passkey.algorithm,
				passkey.signCount,
				passkey.name,
				passkey.createdAt,
				passkey.backupEligible ? 1 : 0,
				passkey.backedUp ? 1 : 0,
				JSON.stringify(passkey.transports),
				passkey.aaguid,
			);
		} catch (error) {
			if (isUniqueViolation(error)) return "ALREADY_REGISTERED";
			throw error;
		}
		events.write(event);
		return "CREATED";
	});
	const deleteWithEvent = writeTransaction(db, (id: string, userId: string, event: HolmEvent, ending: SessionEnding): HolmEvent[] | null => {
		if (deletePasskey.run(id, userId).changes === 0) return null;
		const ended = endSessionsWithin(db, events, userId, ending);
		events.write(event);
		return written(ended, event);
	});
	const recordUseWithEvent = writeTransaction(db, (id: string, expectedSignCount: number, use: PasskeyUse, event: HolmEvent): boolean => {
		if (recordUse.run(use.signCount, use.backedUp ? 1 : 0, use.usedAt, id, expectedSignCount).changes === 0) return false;
		events.write(event);
		return true;
	});

	const userHandle = writeTransaction(db, (userId: string, newHandle: Uint8Array): Uint8Array | null => {
		insertHandle.run(newHandle, userId);
		const row = selectHandle.get(userId);
		return row === null ? null : new Uint8Array(row.handle);
	});

	return {
		async userHandle(userId, newHandle) {
			return userHandle(userId, newHandle);
		},
		async getUserHandle(userId) {
			const row = selectHandle.get(userId);
			return row === null ? null : new Uint8Array(row.handle);
		},
		async insertCeremony(ceremony, lifetimeSeconds) {
			const times = stampedAt(now(), lifetimeSeconds);
			try {
				insertCeremony.run(ceremony.id, ceremony.kind, ceremony.userId, ceremony.challenge, times.createdAt, times.expiresAt);
				return times;
			} catch (error) {
				if (isForeignKeyViolation(error)) return null;
				throw error;
			}
		},
		async takeCeremony(id, kind) {
			const row = takeCeremony.get(id, kind);
			const ceremony = row === null ? null : toCeremony(row);
			return ceremony !== null && ceremony.expiresAt > now() ? ceremony : null;
		},
		async insertPasskey(passkey, event) {
			return insert(passkey, event);
		},
		async get(id) {
			return passkeyOrNull(readPasskey.get(id));
		},
		async getByCredentialId(credentialId) {
			return passkeyOrNull(readByCredentialId.get(credentialId));
		},
		async listForUser(userId) {
			return readForUser.all(userId).map(toPasskey);
		},
		async delete(id, userId, event, ending) {
			return deleteWithEvent(id, userId, event, ending);
		},
		async recordUse(id, expectedSignCount, use, event) {
			return recordUseWithEvent(id, expectedSignCount, use, event);
		},
		async deleteExpiredCeremonies(nowSeconds) {
			deleteExpired.run(nowSeconds);
		},
	};
}
