// A user's row as PostgreSQL answers it, and the model made of it: read by the users store and by
// every store whose transaction reads the user it changes (sessions, email sign-in).
import { disabledState, type User } from "../../features/users/store.ts";
import type { DatabaseClock } from "./clock.ts";
import type { Int8 } from "./events.ts";

// totp_registered is a column kept by triggers on totp_credential (see its schema step).
// password_set is read as a comparison: the hash itself is never read with a user.
const STORED_COLUMNS = `id, created_at, email, email_verified, recovery_code, password_leaked, totp_registered, password_hash <> '' AS password_set, disabled_until, disabled_reason`;

/** The columns a user is made of, with the database's time as the statement reads them (`read_at`),
 *  which judges whether a disable is in force: a user read on any instance, whatever its own clock,
 *  is disabled until the database's time passes the end. Made per statement, since a test's fixed
 *  clock writes its time into the text. */
export function userColumns(clock: DatabaseClock): string {
	return `${STORED_COLUMNS}, ${clock.secondsText()} AS read_at`;
}

/** userColumns for a statement that reads many users (a page, a batch of lookups): the time read
 *  once for the statement (an uncorrelated subquery, which PostgreSQL runs once as an InitPlan)
 *  instead of once a row: the time's arithmetic is numeric, and on a page of 20 it was 5 to 11 µs of
 *  PostgreSQL's CPU (pgbench). Not for a row read under its lock, whose time is read as the row is,
 *  after the lock. */
export function listedUserColumns(clock: DatabaseClock): string {
	return `${STORED_COLUMNS}, (SELECT ${clock.secondsText()}) AS read_at`;
}

export interface UserRow {
	id: string;
	created_at: Int8;
	email: string | null;
	email_verified: boolean;
	totp_registered: boolean;
	recovery_code: string;
	password_leaked: boolean;
	password_set: boolean;
	disabled_until: Int8 | null;
	disabled_reason: string | null;
	/** The database's time when the row was read (userColumns). */
	read_at: Int8;
}

export function toUser(row: UserRow): User {
	// Its three fields one by one: a spread copies them by a slower path, 20 times a page.
	const state = disabledState(row.disabled_until === null ? null : Number(row.disabled_until), row.disabled_reason, Number(row.read_at));
	return {
		id: row.id,
		createdAt: Number(row.created_at),
		email: row.email,
		emailVerified: row.email_verified,
		totpRegistered: row.totp_registered,
		recoveryCode: row.recovery_code,
		passwordLeaked: row.password_leaked,
		passwordSet: row.password_set,
		disabled: state.disabled,
		disabledUntil: state.disabledUntil,
		disabledReason: state.disabledReason,
	};
}
