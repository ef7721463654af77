// Passkeys on PostgreSQL. A ceremony is taken with DELETE … RETURNING: of two instances verifying
// it at once, one gets the row and the other nothing. A registration locks the user's row first
// (as every transaction that changes a user's rows does), so the count of ten holds against
// parallel registrations; the credential id's unique index decides who registered it first.
import type { SQL } from "bun";
import { MAX_PASSKEYS_PER_USER, type PasskeyStore } from "../../features/passkeys/store.ts";
import { PASSKEY_COLUMNS, passkeyOrNull, toCeremony, toPasskey, type CeremonyRow, type PasskeyRow } from "../passkey-rows.ts";
import { stampedTimes, storedTimes, type DatabaseClock } from "./clock.ts";
import { isForeignKeyViolation, isUniqueViolation } from "./errors.ts";
import { transaction } from "./connection.ts";
import { deleteCredential } from "./sessions.ts";
import { change, type Int8, type PostgresEventLog } from "./events.ts";

async function handleOf(sql: SQL, userId: string): Promise<Uint8Array | null> {
	const [row] = await sql<{ handle: Uint8Array }[]>`SELECT handle FROM passkey_user_handle WHERE user_id = ${userId}`;
	return row === undefined ? null : new Uint8Array(row.handle);
}

export function createPostgresPasskeyStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): PasskeyStore {
	return {
		async userHandle(userId, newHandle) {
			// Made once: of two parallel first registrations, the second's handle is not inserted and
			// both read the first's. A user deleted meanwhile fails the foreign key: no handle.
			try {
				await sql`INSERT INTO passkey_user_handle (user_id, handle) SELECT id, ${newHandle} FROM "user" WHERE id = ${userId}
					ON CONFLICT (user_id) DO NOTHING`;
			} catch (error) {
				if (isForeignKeyViolation(error)) return null;
				throw error;
			}
			return handleOf(sql, userId);
		},
		async getUserHandle(userId) {
			return handleOf(sql, userId);
		},
		async insertCeremony(ceremony, lifetimeSeconds) {
			const { stamp, values } = stampedTimes(sql, clock, lifetimeSeconds);
			try {
				return storedTimes(await sql`${stamp} INSERT INTO passkey_ceremony (id, kind, user_id, challenge, created_at, expires_at)
					VALUES (${ceremony.id}, ${ceremony.kind}, ${ceremony.userId}, ${ceremony.challenge}, ${values}) RETURNING created_at, expires_at`);
			} catch (error) {
				if (isForeignKeyViolation(error)) return null;
				throw error;
			}
		},
		async takeCeremony(id, kind) {
			const [row] = await sql<(CeremonyRow & { live: boolean })[]>`DELETE FROM passkey_ceremony WHERE id = ${id} AND kind = ${kind}
				RETURNING id, kind, user_id, challenge, created_at, expires_at, expires_at > ${clock.seconds(sql)} AS live`;
			return row === undefined || !row.live ? null : toCeremony(row);
		},
		async insertPasskey(passkey, event) {
			try {
				return await transaction(sql, async (tx) => {
					const user = await tx`SELECT 1 FROM "user" WHERE id = ${passkey.userId} FOR UPDATE`;
					if (user.length === 0) return "NO_USER" as const;
					const [count] = await tx<{ n: Int8 }[]>`SELECT count(*) AS n FROM passkey WHERE user_id = ${passkey.userId}`;
					if (Number(count!.n) >= MAX_PASSKEYS_PER_USER) return "TOO_MANY" as const;
					await tx`INSERT INTO passkey (id, user_id, credential_id, public_key, algorithm, sign_count, name, created_at,
						backup_eligible, backed_up, transports, aaguid)
						VALUES (${passkey.id}, ${passkey.userId}, ${passkey.credentialId}, ${passkey.publicKey}, ${passkey.algorithm},
							${passkey.signCount}, ${passkey.name}, ${passkey.createdAt}, ${passkey.backupEligible}, ${passkey.backedUp},
							(${JSON.stringify(passkey.transports)}::text)::jsonb, ${passkey.aaguid})`;
					await events.write(tx, event);
					return "CREATED" as const;
				});
			} catch (error) {
				if (isUniqueViolation(error)) return "ALREADY_REGISTERED";
				throw error;
			}
		},
		async get(id) {
			const [row] = await sql.unsafe<PasskeyRow[]>(`SELECT ${PASSKEY_COLUMNS} FROM passkey WHERE id = $1`, [id]);
			return passkeyOrNull(row);
		},
		async getByCredentialId(credentialId) {
			const [row] = await sql.unsafe<PasskeyRow[]>(`SELECT ${PASSKEY_COLUMNS} FROM passkey WHERE credential_id = $1`, [credentialId]);
			return passkeyOrNull(row);
		},
		async listForUser(userId) {
			const rows = await sql.unsafe<PasskeyRow[]>(`SELECT ${PASSKEY_COLUMNS} FROM passkey WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
			return rows.map(toPasskey);
		},
		async delete(id, userId, event, ending) {
			return deleteCredential(sql, events, "passkey", id, userId, event, ending);
		},
		async recordUse(id, expectedSignCount, use, event) {
			const updated = await events.withChange(
				change(
					`UPDATE passkey SET sign_count = $1, backed_up = $2, last_used_at = $3 WHERE id = $4 AND sign_count = $5`,
					use.signCount,
					use.backedUp,
					use.usedAt,
					id,
					expectedSignCount,
				),
				event,
				"if changed",
			);
			return updated > 0;
		},
		async deleteExpiredCeremonies(nowSeconds) {
			await sql`DELETE FROM passkey_ceremony WHERE expires_at <= ${nowSeconds}`;
		},
	};
}
