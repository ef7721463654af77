// Identities and external sign-in requests on PostgreSQL. A request is taken for its verify by one
// UPDATE … RETURNING judged by the database's clock: of two verifies on any instances, one gets it. A
// verify's outcome is decided (linking.ts) in a transaction that locks the users it reads first (in
// id order, as every transaction that changes a user's rows locks them first) and then the identity;
// two instances adding the same identity or creating a user with the same email meet at a unique
// index, and the loser decides again from what the winner wrote.
import type { SQL } from "bun";
import type { HolmEvent } from "../../features/events/store.ts";
import { withData } from "../../features/events/store.ts";
import type { ProviderIdentity } from "../../features/identity-providers/identity.ts";
import { decide, planLink, type LinkPlan } from "../../features/identity-providers/linking.ts";
import type { ExternalSignInRequest, ExternalSignInStore, LinkOutcome, Settled, SettlePlan } from "../../features/identity-providers/store.ts";
import { IDENTITY_COLUMNS, REQUEST_COLUMNS, toIdentity, toPendingIdentity, toRequest, type IdentityRow, type PendingLinkRow, type RequestRow } from "../identity-rows.ts";
import type { DatabaseClock } from "./clock.ts";
import { transaction, type Transaction } from "./connection.ts";
import { isForeignKeyViolation, isUniqueViolation } from "./errors.ts";
import type { PostgresEventLog } from "./events.ts";
import { deleteCredential } from "./sessions.ts";
import { toUser, userColumns, type UserRow } from "./user-rows.ts";

/** The identity changed hands between the first read and the locks: decide again. */
class Moved extends Error {}

/** How often a verify decides again after losing a race at a unique index (or Moved). */
const ATTEMPTS = 3;

async function ownerOf(tx: Transaction, identity: ProviderIdentity, lock: boolean): Promise<IdentityRow | undefined> {
	const [row] = await tx.unsafe<IdentityRow[]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE issuer = $1 AND subject = $2${lock ? " FOR UPDATE" : ""}`, [
		identity.issuer,
		identity.subject,
	]);
	return row;
}

async function userById(tx: Transaction, clock: DatabaseClock, id: string): Promise<UserRow | undefined> {
	const [row] = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id = $1`, [id]);
	return row;
}

async function identityById(tx: Transaction, id: string): Promise<IdentityRow> {
	const [row] = await tx.unsafe<IdentityRow[]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE id = $1`, [id]);
	return row!;
}

async function addIdentity(tx: Transaction, id: string, userId: string, provider: string, identity: ProviderIdentity, createdAt: number, lastSignInAt: number | null): Promise<void> {
	await tx`INSERT INTO identity (id, user_id, provider, issuer, subject, email, email_verified, name, created_at, last_sign_in_at)
		VALUES (${id}, ${userId}, ${provider}, ${identity.issuer}, ${identity.subject}, ${identity.email}, ${identity.emailVerified}, ${identity.name},
			${createdAt}, ${lastSignInAt})`;
}

async function refreshIdentity(tx: Transaction, id: string, provider: string, identity: ProviderIdentity, lastSignInAt: number | null): Promise<void> {
	await tx`UPDATE identity SET provider = ${provider}, email = ${identity.email}, email_verified = ${identity.emailVerified}, name = ${identity.name},
		last_sign_in_at = coalesce(${lastSignInAt}::bigint, last_sign_in_at) WHERE id = ${id}`;
}

async function retried<T>(work: () => Promise<T>): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await work();
		} catch (error) {
			if (attempt < ATTEMPTS && (error instanceof Moved || isUniqueViolation(error))) continue;
			throw error;
		}
	}
}

export function createPostgresIdentityStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): ExternalSignInStore {
	async function settleWithin(tx: Transaction, request: ExternalSignInRequest, identity: ProviderIdentity, plan: SettlePlan): Promise<Settled> {
		const seen = await ownerOf(tx, identity, false);
		// The users this decision reads, locked in id order, then the identity itself.
		const ids = [seen?.user_id, request.userId].filter((id): id is string => id !== undefined && id !== null);
		const locked = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id IN (SELECT jsonb_array_elements_text($1::text::jsonb)) OR email = $2 ORDER BY id FOR UPDATE`,
			[JSON.stringify(ids), identity.email],
		);
		const owned = await ownerOf(tx, identity, true);
		if (owned?.user_id !== seen?.user_id) throw new Moved();
		if (request.userId !== null && !locked.some((row) => row.id === request.userId)) {
			await tx`DELETE FROM external_sign_in_request WHERE id = ${request.id}`;
			return { outcome: "INVALID_REQUEST" };
		}
		const holder = identity.email === null ? undefined : locked.find((row) => row.email === identity.email);
		const decision = decide(
			identity,
			{ owner: owned?.user_id ?? null, requester: request.userId, holder: holder === undefined ? null : { id: holder.id, emailVerified: holder.email_verified } },
			plan.policy,
		);
		const written: HolmEvent[] = [];
		const write = async (event: HolmEvent, userId: string, identityId: string) => {
			const stored = withData({ ...event, userId }, { provider: plan.provider, identity_id: identityId });
			await events.write(tx, stored);
			written.push(stored);
		};
		const at = plan.newIdentity.createdAt;
		// A disabled user is refused once the provider's answer proved who it is: no sign-in, no link.
		if (decision.outcome === "signed_in" || decision.outcome === "linked") {
			const target = locked.find((row) => row.id === decision.userId);
			if (target !== undefined && toUser(target).disabled) {
				await tx`DELETE FROM external_sign_in_request WHERE id = ${request.id}`;
				return { outcome: "USER_DISABLED", userId: decision.userId };
			}
		}
		switch (decision.outcome) {
			case "IDENTITY_IN_USE":
			case "unknown":
				await tx`DELETE FROM external_sign_in_request WHERE id = ${request.id}`;
				return { outcome: decision.outcome };
			case "link_required": {
				await tx`UPDATE external_sign_in_request SET stage = 'link_required', issuer = ${identity.issuer}, subject = ${identity.subject},
					email = ${identity.email}, email_verified = ${identity.emailVerified}, name = ${identity.name} WHERE id = ${request.id} AND stage = 'verifying'`;
				const named = decision.userId === null ? undefined : locked.find((row) => row.id === decision.userId);
				return { outcome: "link_required", user: named === undefined ? null : toUser(named) };
			}
			case "signed_in":
				await refreshIdentity(tx, owned!.id, plan.provider, identity, at);
				await write(plan.events.signIn, decision.userId, owned!.id);
				break;
			case "linked": {
				const identityId = owned?.id ?? plan.newIdentity.id;
				if (decision.insert) {
					await addIdentity(tx, identityId, decision.userId, plan.provider, identity, at, decision.signIn ? at : null);
					await write(plan.events.identityLinked, decision.userId, identityId);
				} else {
					await refreshIdentity(tx, identityId, plan.provider, identity, null);
				}
				if (decision.signIn) await write(plan.events.signIn, decision.userId, identityId);
				break;
			}
			case "created": {
				const user = plan.newUser;
				await tx`INSERT INTO "user" (id, created_at, email, email_verified, password_hash, recovery_code)
					VALUES (${user.id}, ${user.createdAt}, ${identity.email}, ${identity.emailVerified}, ${user.passwordHash}, ${user.recoveryCode})`;
				await addIdentity(tx, plan.newIdentity.id, user.id, plan.provider, identity, at, at);
				await write(plan.events.userCreated, user.id, plan.newIdentity.id);
				await write(plan.events.signIn, user.id, plan.newIdentity.id);
				break;
			}
		}
		await tx`DELETE FROM external_sign_in_request WHERE id = ${request.id}`;
		const userId = decision.outcome === "created" ? plan.newUser.id : decision.userId;
		const identityId = decision.outcome === "created" ? plan.newIdentity.id : (owned?.id ?? plan.newIdentity.id);
		return { outcome: decision.outcome, user: toUser((await userById(tx, clock, userId))!), identity: toIdentity(await identityById(tx, identityId)), events: written };
	}

	async function linkWithin(tx: Transaction, requestId: string, userId: string, plan: LinkPlan): Promise<LinkOutcome> {
		// The user's row first, as every transaction that changes a user's rows does.
		const [row] = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id = $1 FOR UPDATE`, [userId]);
		const [pending] = await tx<PendingLinkRow[]>`SELECT provider, issuer, subject, email, email_verified, name FROM external_sign_in_request
			WHERE id = ${requestId} AND stage = 'link_required' AND expires_at > ${clock.seconds(tx)} FOR UPDATE`;
		if (pending === undefined) return { result: "INVALID_REQUEST" };
		if (row === undefined) return { result: "NOT_FOUND" };
		const identity = toPendingIdentity(pending);
		const owned = await ownerOf(tx, identity, true);
		const user = toUser(row);
		const planned = planLink(identity, user, owned?.user_id ?? null, pending.provider, plan);
		if (planned.result !== "LINKED") return planned;
		const { add } = planned;
		if (add !== null) {
			await addIdentity(tx, add.id, user.id, pending.provider, identity, add.at, add.at);
			await events.write(tx, add.event);
		}
		await tx`DELETE FROM external_sign_in_request WHERE id = ${requestId}`;
		return { result: "LINKED", user, identity: toIdentity((await ownerOf(tx, identity, false))!), events: add === null ? [] : [add.event] };
	}

	return {
		async insertRequest(request) {
			try {
				await sql`INSERT INTO external_sign_in_request (id, provider, user_id, stage, state, code_verifier, nonce, created_at, expires_at)
					VALUES (${request.id}, ${request.provider}, ${request.userId}, 'started', ${request.state}, ${request.codeVerifier}, ${request.nonce},
						${request.createdAt}, ${request.expiresAt})`;
				return true;
			} catch (error) {
				if (isForeignKeyViolation(error)) return false;
				throw error;
			}
		},
		async takeRequest(id) {
			const [row] = await sql.unsafe<RequestRow[]>(
				`UPDATE external_sign_in_request SET stage = 'verifying' WHERE id = $1 AND stage = 'started' AND expires_at > ${clock.secondsText()}
				RETURNING ${REQUEST_COLUMNS}`,
				[id],
			);
			return row === undefined ? null : toRequest(row);
		},
		async dropRequest(id) {
			await sql`DELETE FROM external_sign_in_request WHERE id = ${id}`;
		},
		async settle(request, identity, plan) {
			return retried(() => transaction(sql, (tx) => settleWithin(tx, request, identity, plan)));
		},
		async link(requestId, userId, plan) {
			return retried(() => transaction(sql, (tx) => linkWithin(tx, requestId, userId, plan)));
		},
		async get(id) {
			const [row] = await sql.unsafe<IdentityRow[]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE id = $1`, [id]);
			return row === undefined ? null : toIdentity(row);
		},
		async listForUser(userId) {
			const rows = await sql.unsafe<IdentityRow[]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
			return rows.map(toIdentity);
		},
		async delete(id, userId, event, ending) {
			return deleteCredential(sql, events, "identity", id, userId, event, ending);
		},
		async deleteExpired(nowSeconds) {
			await sql`DELETE FROM external_sign_in_request WHERE expires_at <= ${nowSeconds}`;
		},
	};
}
