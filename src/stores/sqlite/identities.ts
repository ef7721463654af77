// Identities and external sign-in requests on SQLite. One writer: a request is taken by one UPDATE …
// RETURNING (a second verify finds it taken), and a verify's outcome is decided (linking.ts) and
// written in one transaction, so nothing it read can change before it writes.
import type { Database } from "bun:sqlite";
import type { HolmEvent } from "../../features/events/store.ts";
import { withData, written } from "../../features/events/store.ts";
import type { ProviderIdentity } from "../../features/identity-providers/identity.ts";
import { decide, planLink, type LinkPlan } from "../../features/identity-providers/linking.ts";
import type { ExternalSignInRequest, ExternalSignInStore, LinkOutcome, Settled, SettlePlan } from "../../features/identity-providers/store.ts";
import type { SessionEnding } from "../../features/sessions/store.ts";
import { IDENTITY_COLUMNS, REQUEST_COLUMNS, toIdentity, toPendingIdentity, toRequest, type IdentityRow, type PendingLinkRow, type RequestRow } from "../identity-rows.ts";
import type { SnapshotReads } from "./db/snapshot-reads.ts";
import { writeTransaction } from "./db/write-transaction.ts";
import { isForeignKeyViolation } from "./errors.ts";
import type { SqliteEventLog } from "./events.ts";
import { endSessionsWithin } from "./sessions.ts";
import { toUser, USER_COLUMNS, type UserRow } from "./users.ts";

/** `now`: the time in seconds that judges a request's expiry. */
export function createSqliteIdentityStore(db: Database, reads: SnapshotReads, events: SqliteEventLog, now: () => number): ExternalSignInStore {
	const insertRequest = db.prepare<void, [string, string, string | null, string, string, string | null, number, number]>(
		`INSERT INTO external_sign_in_request (id, provider, user_id, stage, state, code_verifier, nonce, created_at, expires_at)
		VALUES (?, ?, ?, 'started', ?, ?, ?, ?, ?)`,
	);
	const takeRequest = db.prepare<RequestRow, [string, number]>(
		`UPDATE external_sign_in_request SET stage = 'verifying' WHERE id = ? AND stage = 'started' AND expires_at > ? RETURNING ${REQUEST_COLUMNS}`,
	);
	const deleteRequest = db.prepare<void, [string]>(`DELETE FROM external_sign_in_request WHERE id = ?`);
	const keepForLink = db.prepare<void, [string, string, string | null, number, string | null, string]>(
		`UPDATE external_sign_in_request SET stage = 'link_required', issuer = ?, subject = ?, email = ?, email_verified = ?, name = ?
		WHERE id = ? AND stage = 'verifying'`,
	);
	const selectPendingLink = db.prepare<PendingLinkRow, [string, number]>(
		`SELECT provider, issuer, subject, email, email_verified, name FROM external_sign_in_request
		WHERE id = ? AND stage = 'link_required' AND expires_at > ?`,
	);
	const selectUser = db.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE id = ?`);
	const selectUserByEmail = db.prepare<UserRow, [string]>(`SELECT ${USER_COLUMNS} FROM user WHERE email = ?`);
	const selectOwner = db.prepare<IdentityRow, [string, string]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE issuer = ? AND subject = ?`);
	const selectIdentity = db.prepare<IdentityRow, [string]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE id = ?`);
	const insertIdentity = db.prepare<void, [string, string, string, string, string, string | null, number, string | null, number, number | null]>(
		`INSERT INTO identity (id, user_id, provider, issuer, subject, email, email_verified, name, created_at, last_sign_in_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const refreshIdentity = db.prepare<void, [string, string | null, number, string | null, number | null, string]>(
		`UPDATE identity SET provider = ?, email = ?, email_verified = ?, name = ?, last_sign_in_at = coalesce(?, last_sign_in_at) WHERE id = ?`,
	);
	const insertUser = db.prepare<void, [string, number, string | null, number, string, string]>(
		`INSERT INTO user (id, created_at, email, email_verified, password_hash, recovery_code) VALUES (?, ?, ?, ?, ?, ?)`,
	);
	const readIdentity = reads.prepare<IdentityRow, [string]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE id = ?`);
	const readForUser = reads.prepare<IdentityRow, [string]>(`SELECT ${IDENTITY_COLUMNS} FROM identity WHERE user_id = +? ORDER BY created_at, id`);
	const deleteIdentity = db.prepare<void, [string, string]>(`DELETE FROM identity WHERE id = ? AND user_id = ?`);
	const deleteExpired = db.prepare<void, [number]>(`DELETE FROM external_sign_in_request WHERE expires_at <= ?`);

	function addIdentity(id: string, userId: string, provider: string, identity: ProviderIdentity, createdAt: number, lastSignInAt: number | null): void {
		insertIdentity.run(id, userId, provider, identity.issuer, identity.subject, identity.email, identity.emailVerified ? 1 : 0, identity.name, createdAt, lastSignInAt);
	}

	const settle = writeTransaction(db, (request: ExternalSignInRequest, identity: ProviderIdentity, plan: SettlePlan): Settled => {
		const owned = selectOwner.get(identity.issuer, identity.subject);
		if (request.userId !== null && selectUser.get(request.userId) === null) {
			deleteRequest.run(request.id);
			return { outcome: "INVALID_REQUEST" };
		}
		const holder = identity.email === null ? null : selectUserByEmail.get(identity.email);
		const decision = decide(
			identity,
			{ owner: owned?.user_id ?? null, requester: request.userId, holder: holder === null ? null : { id: holder.id, emailVerified: holder.email_verified === 1 } },
			plan.policy,
		);
		const written: HolmEvent[] = [];
		const write = (event: HolmEvent, userId: string, identityId: string) => {
			const stored = withData({ ...event, userId }, { provider: plan.provider, identity_id: identityId });
			events.write(stored);
			written.push(stored);
		};
		const at = plan.newIdentity.createdAt;
		// A disabled user is refused once the provider's answer proved who it is: no sign-in, no link.
		if ((decision.outcome === "signed_in" || decision.outcome === "linked") && toUser(selectUser.get(decision.userId)!, now()).disabled) {
			deleteRequest.run(request.id);
			return { outcome: "USER_DISABLED", userId: decision.userId };
		}
		switch (decision.outcome) {
			case "IDENTITY_IN_USE":
			case "unknown":
				deleteRequest.run(request.id);
				return { outcome: decision.outcome };
			case "link_required":
				keepForLink.run(identity.issuer, identity.subject, identity.email, identity.emailVerified ? 1 : 0, identity.name, request.id);
				return { outcome: "link_required", user: decision.userId === null ? null : toUser(selectUser.get(decision.userId)!, now()) };
			case "signed_in": {
				refreshIdentity.run(plan.provider, identity.email, identity.emailVerified ? 1 : 0, identity.name, at, owned!.id);
				write(plan.events.signIn, decision.userId, owned!.id);
				break;
			}
			case "linked": {
				const identityId = owned?.id ?? plan.newIdentity.id;
				if (decision.insert) {
					addIdentity(identityId, decision.userId, plan.provider, identity, at, decision.signIn ? at : null);
					write(plan.events.identityLinked, decision.userId, identityId);
				} else {
					refreshIdentity.run(plan.provider, identity.email, identity.emailVerified ? 1 : 0, identity.name, null, identityId);
				}
				if (decision.signIn) write(plan.events.signIn, decision.userId, identityId);
				break;
			}
			case "created": {
				const user = plan.newUser;
				insertUser.run(user.id, user.createdAt, identity.email, identity.emailVerified ? 1 : 0, user.passwordHash, user.recoveryCode);
				addIdentity(plan.newIdentity.id, user.id, plan.provider, identity, at, at);
				write(plan.events.userCreated, user.id, plan.newIdentity.id);
				write(plan.events.signIn, user.id, plan.newIdentity.id);
				break;
			}
		}
		deleteRequest.run(request.id);
		const userId = decision.outcome === "created" ? plan.newUser.id : decision.userId;
		const identityId = decision.outcome === "created" ? plan.newIdentity.id : (owned?.id ?? plan.newIdentity.id);
		return { outcome: decision.outcome, user: toUser(selectUser.get(userId)!, now()), identity: toIdentity(selectIdentity.get(identityId)!), events: written };
	});

	const link = writeTransaction(db, (requestId: string, userId: string, plan: LinkPlan): LinkOutcome => {
		const pending = selectPendingLink.get(requestId, now());
		if (pending === null) return { result: "INVALID_REQUEST" };
		const row = selectUser.get(userId);
		if (row === null) return { result: "NOT_FOUND" };
		const identity = toPendingIdentity(pending);
		const owned = selectOwner.get(identity.issuer, identity.subject);
		const user = toUser(row, now());
		const planned = planLink(identity, user, owned?.user_id ?? null, pending.provider, plan);
		if (planned.result !== "LINKED") return planned;
		const { add } = planned;
		if (add !== null) {
			addIdentity(add.id, user.id, pending.provider, identity, add.at, add.at);
			events.write(add.event);
		}
		deleteRequest.run(requestId);
		return { result: "LINKED", user, identity: toIdentity(selectOwner.get(identity.issuer, identity.subject)!), events: add === null ? [] : [add.event] };
	});

	const deleteWithEvent = writeTransaction(db, (id: string, userId: string, event: HolmEvent, ending: SessionEnding): HolmEvent[] | null => {
		if (deleteIdentity.run(id, userId).changes === 0) return null;
		const ended = endSessionsWithin(db, events, userId, ending);
		events.write(event);
		return written(ended, event);
	});

	return {
		async insertRequest(request) {
			try {
				insertRequest.run(request.id, request.provider, request.userId, request.state, request.codeVerifier, request.nonce, request.createdAt, request.expiresAt);
				return true;
			} catch (error) {
				if (isForeignKeyViolation(error)) return false;
				throw error;
			}
		},
		async takeRequest(id) {
			const row = takeRequest.get(id, now());
			return row === null ? null : toRequest(row);
		},
		async dropRequest(id) {
			deleteRequest.run(id);
		},
		async settle(request, identity, plan) {
			return settle(request, identity, plan);
		},
		async link(requestId, userId, plan) {
			return link(requestId, userId, plan);
		},
		async get(id) {
			const row = readIdentity.get(id);
			return row === null ? null : toIdentity(row);
		},
		async listForUser(userId) {
			return readForUser.all(userId).map(toIdentity);
		},
		async delete(id, userId, event, ending) {
			return deleteWithEvent(id, userId, event, ending);
		},
		async deleteExpired(nowSeconds) {
			deleteExpired.run(nowSeconds);
		},
	};
}
