// Email sign-in requests on PostgreSQL. Expiry is judged by the database's clock (clock.ts). A
// correct code is used up by the DELETE … RETURNING of one transaction: of two verifies on any
// instances, the second waits on the row lock and then finds nothing.
import type { SQL } from "bun";
import type { EmailSignInOutcome, EmailSignInRequest, EmailSignInStore } from "../../features/email-sign-in/store.ts";
import type { HolmEvent } from "../../features/events/store.ts";
import { EMAIL_SIGN_IN_REQUESTS, type EmailSignInRow } from "../code-request-rows.ts";
import { claimAccountWithin } from "./account-claims.ts";
import { stampedTimes, storedTimes, type DatabaseClock } from "./clock.ts";
import { codeRequestVerbs } from "./code-requests.ts";
import { transaction } from "./connection.ts";
import type { PostgresEventLog } from "./events.ts";
import { toUser, userColumns, type UserRow } from "./user-rows.ts";

export function createPostgresEmailSignInStore(sql: SQL, clock: DatabaseClock, events: PostgresEventLog): EmailSignInStore {
	const requests = codeRequestVerbs<EmailSignInRow, EmailSignInRequest, Uint8Array>(sql, clock, events, EMAIL_SIGN_IN_REQUESTS);
	return {
		...requests,
		async replace(request, lifetimeSeconds) {
			// The email is unique: a new request takes the row of the earlier one, in one statement,
			// so two parallel requests for one email leave one live code.
			const { stamp, values } = stampedTimes(sql, clock, lifetimeSeconds);
			return storedTimes(await sql`${stamp} INSERT INTO email_sign_in_request (id, user_id, email, created_at, expires_at, code_hash)
				VALUES (${request.id}, ${request.userId}, ${request.email}, ${values}, ${request.codeHash})
				ON CONFLICT (email) DO UPDATE SET id = excluded.id, user_id = excluded.user_id, created_at = excluded.created_at,
					expires_at = excluded.expires_at, code_hash = excluded.code_hash, failed_attempts = 0
				RETURNING created_at, expires_at`);
		},
		async signIn(id, plan) {
			return transaction(sql, async (tx): Promise<EmailSignInOutcome> => {
				// The user's row first, as every transaction that changes a user's rows does, so that two
				// of them cannot each hold what the other waits for. A request's email never changes
				// (a new request for it takes a new id), so the holder found by it is the claimed one's.
				const [holder] = await tx.unsafe<UserRow[]>(
					`SELECT ${userColumns(clock)} FROM "user" WHERE email = (SELECT r.email FROM email_sign_in_request r WHERE r.id = $1) FOR UPDATE`,
					[id],
				);
				const [claimed] = await tx<{ user_id: string | null; email: string }[]>`DELETE FROM email_sign_in_request WHERE id = ${id} AND expires_at > ${clock.seconds(tx)} RETURNING user_id, email`;
				if (claimed === undefined) return { result: "INVALID_REQUEST" };
				const requestUserId = claimed.user_id;
				const email = claimed.email;
				const written: HolmEvent[] = [];
				const write = async (event: HolmEvent, userId: string) => {
					const stored = { ...event, userId };
					await events.write(tx, stored);
					written.push(stored);
				};
				if (holder !== undefined) {
					const row = holder;
					// A user who took the email after a request that named nobody did not get it from
					// this code: signing the visitor in would hand that account to whoever made the request.
					if (requestUserId === null) return { result: "EMAIL_ALREADY_USED" };
					if (row.id !== requestUserId) return { result: "INVALID_REQUEST" };
					// Disabled (API.md section 18), by the database's time read with the locked row: the code
					// is used up, and nothing else happens (no claim, no verified email, no sign-in) but the
					// refusal's event.
					if (toUser(row).disabled) {
						await write(plan.events.refused, row.id);
						return { result: "USER_DISABLED", events: written };
					}
					// The first proof of the address takes the account from whoever made it (API.md section 17).
					const claimed = !row.email_verified;
					let user: UserRow | undefined = row;
					if (claimed) {
						written.push(...(await claimAccountWithin(tx, clock, events, row.id, plan.claim)).events);
						await write(plan.events.emailVerified, row.id);
						[user] = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id = $1`, [row.id]);
					}
					await write(plan.events.signIn, row.id);
					return { result: "SIGNED_IN", user: toUser(user!), created: false, claimed, events: written };
				}
				if (requestUserId !== null) return { result: "INVALID_REQUEST" };
				if (plan.newUser === null) return { result: "SIGNED_IN", user: null, created: false, claimed: false, events: written };
				const user = plan.newUser;
				// A user created meanwhile on another instance holds the email: nothing is inserted.
				const inserted = await tx`INSERT INTO "user" (id, created_at, email, email_verified, password_hash, recovery_code)
					VALUES (${user.id}, ${user.createdAt}, ${email}, true, ${user.passwordHash}, ${user.recoveryCode})
					ON CONFLICT (email) DO NOTHING RETURNING id`;
				if (inserted.length === 0) return { result: "EMAIL_ALREADY_USED" };
				await write(plan.events.userCreated, user.id);
				await write(plan.events.signIn, user.id);
				const [created] = await tx.unsafe<UserRow[]>(`SELECT ${userColumns(clock)} FROM "user" WHERE id = $1`, [user.id]);
				return { result: "SIGNED_IN", user: toUser(created!), created: true, claimed: false, events: written };
			});
		},
	};
}
