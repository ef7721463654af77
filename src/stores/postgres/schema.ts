// The PostgreSQL schema as an ordered list of steps. `holm_schema.version` records how many have
// run; an instance applies the missing ones at start under a transaction-level advisory lock (so
// any number of instances may start at once on an empty database, through a transaction-mode pooler
// too: the lock ends with the transaction, never outliving it on a pooled server connection).
// Append, never edit a step that has shipped.
import type { SQL, TransactionSQL } from "bun";
import { SESSION_SETTINGS, type SessionSetting } from "./connection.ts";

export const POSTGRES_MIGRATIONS: readonly string[] = [
	// 1: the whole Faroe 0.2 surface, the second-factor lockouts (with escalation), and the rate
	// limits of every instance. Identifiers use the "C" collation, so they sort as on SQLite.
	`
	CREATE TABLE "user" (
		id text COLLATE "C" PRIMARY KEY,
		created_at bigint NOT NULL,
		email text UNIQUE,
		email_verified boolean NOT NULL DEFAULT false,
		password_hash text NOT NULL,
		recovery_code text NOT NULL
	);
	CREATE INDEX user_created_at_id ON "user" (created_at, id);

	CREATE TABLE password_reset_request (
		id text COLLATE "C" PRIMARY KEY,
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		created_at bigint NOT NULL,
		expires_at bigint NOT NULL,
		code_hash bytea NOT NULL,
		email_verified boolean NOT NULL DEFAULT false,
		failed_attempts integer NOT NULL DEFAULT 0
	);
	CREATE INDEX password_reset_request_user_id ON password_reset_request (user_id);
	CREATE INDEX password_reset_request_expires_at ON password_reset_request (expires_at);

	CREATE TABLE email_verification_request (
		user_id text COLLATE "C" PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
		created_at bigint NOT NULL,
		expires_at bigint NOT NULL,
		code text NOT NULL,
		failed_attempts integer NOT NULL DEFAULT 0
	);
	CREATE INDEX email_verification_request_expires_at ON email_verification_request (expires_at);

	CREATE TABLE email_update_request (
		id text COLLATE "C" PRIMARY KEY,
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		created_at bigint NOT NULL,
		expires_at bigint NOT NULL,
		email text NOT NULL,
		code text NOT NULL,
		failed_attempts integer NOT NULL DEFAULT 0
	);
	CREATE INDEX email_update_request_user_id ON email_update_request (user_id);
	CREATE INDEX email_update_request_email ON email_update_request (email);
	CREATE INDEX email_update_request_expires_at ON email_update_request (expires_at);

	CREATE TABLE totp_credential (
		user_id text COLLATE "C" PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
		created_at bigint NOT NULL,
		key bytea NOT NULL,
		last_used_step bigint NOT NULL
	);

	CREATE TABLE second_factor_lockout (
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		check_name text NOT NULL,
		failed_attempts integer NOT NULL DEFAULT 0,
		locked_until bigint,
		lock_count integer NOT NULL DEFAULT 0,
		PRIMARY KEY (user_id, check_name)
	);

	-- Rate-limit state of every instance (API.md section 4), as JSON per rule and key. Unlogged:
	-- a database crash may lose it, a restart of Holm does not. Rows expire and are swept, so the
	-- table's size is bounded by time.
	CREATE UNLOGGED TABLE rate_limit (
		rule text NOT NULL,
		key text NOT NULL,
		state jsonb,
		expires_at bigint NOT NULL,
		PRIMARY KEY (rule, key)
	);
	CREATE INDEX rate_limit_expires_at ON rate_limit (expires_at);
	`,
	// 2: the number of users, kept by a trigger, so that every page of GET /users does not count
	// the whole table for X-Pagination-Total. The table is locked against writes first: instances of
	// the previous version may still be serving, and a user they add between the count and the
	// trigger would otherwise be missed for good.
	`
	LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE;
	CREATE TABLE user_count (n bigint NOT NULL);
	INSERT INTO user_count (n) SELECT count(*) FROM "user";
	CREATE FUNCTION user_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'INSERT' THEN UPDATE user_count SET n = n + 1; ELSE UPDATE user_count SET n = n - 1; END IF;
		RETURN NULL;
	END $$;
	CREATE TRIGGER user_count_change AFTER INSERT OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION user_count_change();
	`,
	// 3: passkeys (API.md section 10), as on SQLite.
	`
	CREATE TABLE passkey_user_handle (
		user_id text COLLATE "C" PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
		handle bytea NOT NULL UNIQUE
	);

	CREATE TABLE passkey (
		id text COLLATE "C" PRIMARY KEY,
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		credential_id bytea NOT NULL UNIQUE,
		public_key bytea NOT NULL,
		algorithm integer NOT NULL,
		sign_count bigint NOT NULL,
		name text NOT NULL,
		created_at bigint NOT NULL,
		last_used_at bigint,
		backup_eligible boolean NOT NULL,
		backed_up boolean NOT NULL,
		transports jsonb NOT NULL,
		aaguid bytea NOT NULL
	);
	CREATE INDEX passkey_user_id ON passkey (user_id, created_at);

	CREATE TABLE passkey_ceremony (
		id text COLLATE "C" PRIMARY KEY,
		kind text NOT NULL CHECK (kind IN ('registration', 'authentication')),
		user_id text COLLATE "C" REFERENCES "user" (id) ON DELETE CASCADE,
		challenge bytea NOT NULL,
		created_at bigint NOT NULL,
		expires_at bigint NOT NULL
	);
	CREATE INDEX passkey_ceremony_user_id ON passkey_ceremony (user_id);
	CREATE INDEX passkey_ceremony_expires_at ON passkey_ceremony (expires_at);
	`,
	// 4: events (API.md section 11) and the queue of their webhook deliveries. xid is the writing
	// transaction's id: the feed serves an event only once every transaction with a smaller xid has
	// ended (src/stores/postgres/events.ts says why that makes it exactly-once). No index on time:
	// the sweep deletes from the oldest seq up (events.ts).
	`
	CREATE TABLE event (
		seq bigserial PRIMARY KEY,
		xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
		id text COLLATE "C" NOT NULL,
		time bigint NOT NULL,
		type text NOT NULL,
		user_id text COLLATE "C",
		client_ip text,
		data jsonb NOT NULL
	);
	CREATE INDEX event_xid_seq ON event (xid, seq);
	CREATE INDEX event_user_id ON event (user_id, xid, seq);

	CREATE TABLE webhook_delivery (
		event_seq bigint PRIMARY KEY REFERENCES event (seq) ON DELETE CASCADE,
		due_at bigint NOT NULL,
		attempts integer NOT NULL DEFAULT 0,
		claim text
	);
	CREATE INDEX webhook_delivery_due_at ON webhook_delivery (due_at);
	`,
	// 5: the count moves once per statement, by the rows it inserted or deleted, not once per row:
	// an import of 1,000 users in one statement rewrote the count row 1,000 times (a million users
	// took 304 s, against 30 s on SQLite). A statement that changed no row leaves the count alone.
	`
	LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE;
	DROP TRIGGER user_count_change ON "user";
	DROP FUNCTION user_count_change();
	CREATE FUNCTION user_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE added bigint;
	BEGIN
		SELECT count(*) INTO added FROM inserted_users;
		IF added > 0 THEN UPDATE user_count SET n = n + added; END IF;
		RETURN NULL;
	END $$;
	CREATE FUNCTION user_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE removed bigint;
	BEGIN
		SELECT count(*) INTO removed FROM deleted_users;
		IF removed > 0 THEN UPDATE user_count SET n = n - removed; END IF;
		RETURN NULL;
	END $$;
	CREATE TRIGGER user_count_insert AFTER INSERT ON "user" REFERENCING NEW TABLE AS inserted_users
		FOR EACH STATEMENT EXECUTE FUNCTION user_count_inserted();
	CREATE TRIGGER user_count_delete AFTER DELETE ON "user" REFERENCING OLD TABLE AS deleted_users
		FOR EACH STATEMENT EXECUTE FUNCTION user_count_deleted();
	`,
	// 6: an index that serves GET /users?email_query= (a substring of the email): pg_trgm's GIN
	// index, which LIKE '%…%' uses. pg_trgm is a trusted extension (PostgreSQL 13 and later), so a
	// database owner may create it; where it cannot be created the step leaves the index out, and
	// every start warns that email_query reads every user (emailSearchWarning below).
	`
	DO $$
	BEGIN
		CREATE EXTENSION IF NOT EXISTS pg_trgm;
		EXECUTE 'CREATE INDEX IF NOT EXISTS user_email_trgm ON "user" USING gin (email gin_trgm_ops)';
	EXCEPTION WHEN OTHERS THEN
		RAISE NOTICE 'no trigram index for email_query: %', SQLERRM;
	END $$;
	`,
	// 7: how many users each slice of the two orderings holds, so that a deep page of GET /users
	// starts from its slice through the index instead of stepping over every user before it
	// (OFFSET 500,000 took 36 ms). Slices: the first two characters of the id (1,024 of them), and
	// created_at in steps of 4,096 seconds. Kept by the statement triggers of step 5, in the same
	// transaction as the change, so a snapshot's slices always add up to its users; the count row is
	// locked first and the slices in key order, so parallel writers cannot deadlock.
	`
	LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE;
	CREATE TABLE user_id_slice (prefix text COLLATE "C" PRIMARY KEY, n bigint NOT NULL);
	CREATE TABLE user_time_slice (slot bigint PRIMARY KEY, n bigint NOT NULL);
	INSERT INTO user_id_slice SELECT left(id, 2), count(*) FROM "user" GROUP BY 1;
	INSERT INTO user_time_slice SELECT created_at >> 12, count(*) FROM "user" GROUP BY 1;
	CREATE OR REPLACE FUNCTION user_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE added bigint;
	BEGIN
		SELECT count(*) INTO added FROM inserted_users;
		IF added > 0 THEN
			UPDATE user_count SET n = n + added;
			INSERT INTO user_id_slice AS s SELECT left(id, 2), count(*) FROM inserted_users GROUP BY 1 ORDER BY 1
				ON CONFLICT (prefix) DO UPDATE SET n = s.n + excluded.n;
			INSERT INTO user_time_slice AS s SELECT created_at >> 12, count(*) FROM inserted_users GROUP BY 1 ORDER BY 1
				ON CONFLICT (slot) DO UPDATE SET n = s.n + excluded.n;
		END IF;
		RETURN NULL;
	END $$;
	CREATE OR REPLACE FUNCTION user_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE removed bigint;
	BEGIN
		SELECT count(*) INTO removed FROM deleted_users;
		IF removed > 0 THEN
			UPDATE user_count SET n = n - removed;
			INSERT INTO user_id_slice AS s SELECT left(id, 2), -count(*) FROM deleted_users GROUP BY 1 ORDER BY 1
				ON CONFLICT (prefix) DO UPDATE SET n = s.n + excluded.n;
			INSERT INTO user_time_slice AS s SELECT created_at >> 12, -count(*) FROM deleted_users GROUP BY 1 ORDER BY 1
				ON CONFLICT (slot) DO UPDATE SET n = s.n + excluded.n;
		END IF;
		RETURN NULL;
	END $$;
	`,
	// 8: the console's one-time sign-in tokens and its sessions (API.md section 12), each known by
	// the SHA-256 of its secret, so that any instance accepts them.
	`
	CREATE TABLE console_token (digest bytea PRIMARY KEY, expires_at bigint NOT NULL);
	CREATE TABLE console_session (digest bytea PRIMARY KEY, created_at bigint NOT NULL, last_seen_at bigint NOT NULL);
	`,
	// 9: the trigram index keeps at most 64 kB of new entries in its pending list (the default is
	// 4 MB), and what is there now is merged. Every search reads the whole pending list: after a bulk
	// load of a million users it held 350 pages, which every email_query read until autovacuum came
	// by (a search for anything took 2.3 ms, and 0.01 ms once merged).
	`
	DO $$
	BEGIN
		IF EXISTS (SELECT 1 FROM pg_class WHERE relname = 'user_email_trgm' AND relkind = 'i') THEN
			ALTER INDEX user_email_trgm SET (gin_pending_list_limit = 64);
			PERFORM gin_clean_pending_list('user_email_trgm'::regclass);
		END IF;
	EXCEPTION WHEN OTHERS THEN
		RAISE NOTICE 'the trigram index keeps its pending list as it was: %', SQLERRM;
	END $$;
	`,
	// 10: sign-in by email code (API.md section 14) and passwords found leaked after they were set
	// (section 15), as on SQLite (user_id without a foreign key or an index, for the same reason). A column with a
	// constant default is added without rewriting the table.
	`
	CREATE TABLE email_sign_in_request (
		id text COLLATE "C" PRIMARY KEY,
		user_id text COLLATE "C",
		email text NOT NULL UNIQUE,
		created_at bigint NOT NULL,
		expires_at bigint NOT NULL,
		code_hash bytea NOT NULL,
		failed_attempts integer NOT NULL DEFAULT 0
	);
	CREATE INDEX email_sign_in_request_expires_at ON email_sign_in_request (expires_at);
	CREATE FUNCTION email_sign_in_request_user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		DELETE FROM email_sign_in_request WHERE email = OLD.email;
		RETURN NULL;
	END $$;
	CREATE TRIGGER email_sign_in_request_user_deleted AFTER DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION email_sign_in_request_user_deleted();

	ALTER TABLE "user" ADD COLUMN password_leaked boolean NOT NULL DEFAULT false;
	ALTER TABLE "user" ADD COLUMN password_leak_checked_online_at bigint;
	CREATE INDEX user_password_leaked ON "user" (created_at, id) WHERE password_leaked;
	`,
	// 11: sessions (API.md section 13): as on SQLite (step 9 there).
	`
	CREATE TABLE session (
		id text COLLATE "C" PRIMARY KEY,
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		digest bytea NOT NULL,
		created_at bigint NOT NULL,
		last_used_at bigint NOT NULL,
		client_ip text,
		user_agent text,
		second_factor_verified_at bigint,
		new_device boolean NOT NULL
	);
	CREATE INDEX session_user_id ON session (user_id, last_used_at);
	CREATE INDEX session_last_used_at ON session (last_used_at);
	CREATE INDEX session_created_at ON session (created_at);

	CREATE TABLE session_device (
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		digest bytea NOT NULL,
		last_seen_at bigint NOT NULL,
		PRIMARY KEY (user_id, digest)
	);
	CREATE INDEX session_device_last_seen_at ON session_device (last_seen_at);
	`,
	// 12: whether a user has a TOTP credential, as a column of the user, as on SQLite: kept by
	// statement triggers on totp_credential (registration, removal, an import of many in one
	// statement, the cascade of a deleted user), in the transaction of the change; a page of users
	// then reads no credential. Set here from the credentials there are.
	`
	ALTER TABLE "user" ADD COLUMN totp_registered boolean NOT NULL DEFAULT false;
	UPDATE "user" SET totp_registered = true WHERE id IN (SELECT user_id FROM totp_credential);
	CREATE FUNCTION user_totp_registered_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		UPDATE "user" SET totp_registered = true WHERE id IN (SELECT user_id FROM inserted_credentials) AND NOT totp_registered;
		RETURN NULL;
	END $$;
	CREATE FUNCTION user_totp_registered_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		UPDATE "user" SET totp_registered = false WHERE id IN (SELECT user_id FROM deleted_credentials) AND totp_registered;
		RETURN NULL;
	END $$;
	CREATE TRIGGER user_totp_registered_insert AFTER INSERT ON totp_credential REFERENCING NEW TABLE AS inserted_credentials
		FOR EACH STATEMENT EXECUTE FUNCTION user_totp_registered_inserted();
	CREATE TRIGGER user_totp_registered_delete AFTER DELETE ON totp_credential REFERENCING OLD TABLE AS deleted_credentials
		FOR EACH STATEMENT EXECUTE FUNCTION user_totp_registered_deleted();
	`,
	// 13: an operator's disable of a user (API.md section 18), as on SQLite (step 15 there):
	// disabled_until NULL while enabled, 0 until enabled, else the time it ends, judged by the
	// database's clock as the user is read. Nullable columns without a default: no table rewrite.
	`
	ALTER TABLE "user" ADD COLUMN disabled_until bigint;
	ALTER TABLE "user" ADD COLUMN disabled_reason text;
	`,
	// 14: sign-in with an identity provider (API.md section 16), as on SQLite: identities unique by
	// (issuer, subject), and the requests in progress (state, PKCE verifier, nonce; then, waiting for a
	// link, what the provider said).
	`
	CREATE TABLE identity (
		id text COLLATE "C" PRIMARY KEY,
		user_id text COLLATE "C" NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
		provider text NOT NULL,
		issuer text NOT NULL,
		subject text NOT NULL,
		email text,
		email_verified boolean NOT NULL DEFAULT false,
		name text,
		created_at bigint NOT NULL,
		last_sign_in_at bigint,
		UNIQUE (issuer, subject)
	);
	CREATE INDEX identity_user_id ON identity (user_id);

	CREATE TABLE external_sign_in_request (
		id text COLLATE "C" PRIMARY KEY,
		provider text NOT NULL,
		user_id text COLLATE "C" REFERENCES "user" (id) ON DELETE CASCADE,
		stage text NOT NULL CHECK (stage IN ('started', 'verifying', 'link_required')),
		state text NOT NULL,
		code_verifier text NOT NULL,
		nonce text,
		created_at bigint NOT NULL,
		expires_at bigint NOT NULL,
		issuer text,
		subject text,
		email text,
		email_verified boolean,
		name text
	);
	CREATE INDEX external_sign_in_request_user_id ON external_sign_in_request (user_id);
	CREATE INDEX external_sign_in_request_expires_at ON external_sign_in_request (expires_at);
	`,
];

/** Why email_query scans every user on this database, or null when its index is there. */
export async function emailSearchWarning(sql: SQL): Promise<string | null> {
	const [row] = await sql`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'user_email_trgm') AS indexed,
		EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS installed,
		EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`;
	if (row.indexed) return null;
	const createIndex = 'CREATE INDEX CONCURRENTLY user_email_trgm ON "user" USING gin (email gin_trgm_ops) WITH (gin_pending_list_limit = 64)';
	let how: string;
	if (row.installed) how = `its index is missing: run ${createIndex}`;
	else if (row.available) how = `this role could not create the pg_trgm extension: have the database owner or a superuser run CREATE EXTENSION pg_trgm, then ${createIndex}`;
	else how = "the pg_trgm extension is not installed on the server (on Debian and Ubuntu it comes with the postgresql-contrib package)";
	return `GET /users?email_query= reads every user: ${how}`;
}

class SchemaTooNewError extends Error {}

// Any fixed number: every Holm instance on a database takes the same lock to migrate it.
const MIGRATION_LOCK = 0x486f6c6d; // "Holm"

/** Makes SESSION_SETTINGS this role's defaults in this database (any role may set its own), where
 *  they differ; which ones it changed. Sessions opened from then on start with them. */
async function applySessionSettings(tx: TransactionSQL): Promise<SessionSetting[]> {
	const rows = await tx`SELECT unnest(setconfig) AS setting FROM pg_db_role_setting
		WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
			AND setrole = (SELECT oid FROM pg_roles WHERE rolname = current_user)`;
	const current = new Map<string, string>();
	for (const { setting } of rows) {
		const at = setting.indexOf("=");
		current.set(setting.slice(0, at), setting.slice(at + 1));
	}
	const [{ database }] = await tx`SELECT quote_ident(current_database()) AS database`;
	const changed: SessionSetting[] = [];
	for (const [name, value] of Object.entries(SESSION_SETTINGS) as [SessionSetting, string][]) {
		if (current.get(name) === value) continue;
		// Names and values are this file's constants; the database name is quoted by PostgreSQL.
		await tx.unsafe(`ALTER ROLE CURRENT_USER IN DATABASE ${database} SET ${name} = '${value}'`);
		changed.push(name);
	}
	return changed;
}

const TIMEOUTS = ["statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"] as const;

/** Applies the missing steps in one transaction, under a lock that serialises concurrent starts,
 *  and the role's session settings. */
export async function migratePostgres(sql: SQL): Promise<{ from: number; to: number }> {
	const { result, staleSession } = await sql.begin(async (tx) => {
		// Whether this session started without the role's settings (first start, or new figures).
		const [own] = await tx`SELECT pg_backend_pid() AS pid, current_setting('statement_timeout') AS statement_timeout,
			current_setting('lock_timeout') AS lock_timeout, current_setting('idle_in_transaction_session_timeout') AS idle_in_transaction_session_timeout`;
		const stale = TIMEOUTS.some((name) => own[name] !== SESSION_SETTINGS[name]);
		// Unlike requests, a migration may take long, and waits for another instance's migration
		// (or for the table locks of a step) as long as that takes: no session timeouts here.
		await tx`SET LOCAL statement_timeout = 0`;
		await tx`SET LOCAL lock_timeout = 0`;
		await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
		await tx`CREATE TABLE IF NOT EXISTS holm_schema (version integer NOT NULL)`;
		const rows = await tx`SELECT version FROM holm_schema`;
		const from = rows.length === 0 ? 0 : Number(rows[0].version);
		if (from > POSTGRES_MIGRATIONS.length) {
			throw new SchemaTooNewError(
				`the database has schema version ${from}, newer than this build knows (${POSTGRES_MIGRATIONS.length}); run a newer holm`,
			);
		}
		for (let version = from; version < POSTGRES_MIGRATIONS.length; version++) await tx.unsafe(POSTGRES_MIGRATIONS[version]!);
		if (rows.length === 0) await tx`INSERT INTO holm_schema (version) VALUES (${POSTGRES_MIGRATIONS.length})`;
		else await tx`UPDATE holm_schema SET version = ${POSTGRES_MIGRATIONS.length}`;
		await applySessionSettings(tx);
		return { result: { from, to: POSTGRES_MIGRATIONS.length }, staleSession: stale ? Number(own.pid) : null };
	});
	if (staleSession !== null) await endStaleSession(sql, staleSession);
	return result;
}

/** Ends the server session that ran the migration without the role's settings. Directly, it is the
 *  migration's own connection, about to close anyway; behind a transaction-mode pooler it is a
 *  server connection the pooler would hand to the next transaction, which would then run without
 *  the timeouts until the pooler replaces it (an hour, with PgBouncer's defaults). Only when this
 *  statement runs on that very session (a pooler hands the connection just released to the next
 *  statement, so it usually is): another session may have been handed to another client between
 *  two statements, even while it looked idle, and ending it would cut that client's transaction
 *  (seen through PgBouncer with several instances starting at once). Otherwise it is left to the
 *  pooler, and Holm's own transactions are bounded by their SET LOCAL all the same. Ending its own
 *  session fails the statement, which is the point. */
async function endStaleSession(sql: SQL, pid: number): Promise<void> {
	try {
		await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ${pid} AND pid = pg_backend_pid()`;
	} catch {
		// "terminating connection due to administrator command": ours, as intended.
	}
}
