// The schema as an ordered list of steps; PRAGMA user_version records how many have run.
// A compiled executable has no folder to scan, so the steps live in code. Append, never edit a
// step that has shipped.

export const MIGRATIONS: readonly string[] = [
	// 1: the whole Faroe 0.2 surface.
	`
	CREATE TABLE user (
		id TEXT NOT NULL PRIMARY KEY,
		created_at INTEGER NOT NULL,
		email TEXT UNIQUE,
		email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
		password_hash TEXT NOT NULL,
		recovery_code TEXT NOT NULL
	) STRICT;
	CREATE INDEX user_created_at_id ON user (created_at, id);

	CREATE TABLE password_reset_request (
		id TEXT NOT NULL PRIMARY KEY,
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL,
		code_hash BLOB NOT NULL,
		email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
		failed_attempts INTEGER NOT NULL DEFAULT 0
	) STRICT;
	CREATE INDEX password_reset_request_user_id ON password_reset_request (user_id);
	CREATE INDEX password_reset_request_expires_at ON password_reset_request (expires_at);

	CREATE TABLE email_verification_request (
		user_id TEXT NOT NULL PRIMARY KEY REFERENCES user (id) ON DELETE CASCADE,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL,
		code TEXT NOT NULL,
		failed_attempts INTEGER NOT NULL DEFAULT 0
	) STRICT;
	CREATE INDEX email_verification_request_expires_at ON email_verification_request (expires_at);

	CREATE TABLE email_update_request (
		id TEXT NOT NULL PRIMARY KEY,
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL,
		email TEXT NOT NULL,
		code TEXT NOT NULL,
		failed_attempts INTEGER NOT NULL DEFAULT 0
	) STRICT;
	CREATE INDEX email_update_request_user_id ON email_update_request (user_id);
	CREATE INDEX email_update_request_email ON email_update_request (email);
	CREATE INDEX email_update_request_expires_at ON email_update_request (expires_at);

	CREATE TABLE totp_credential (
		user_id TEXT NOT NULL PRIMARY KEY REFERENCES user (id) ON DELETE CASCADE,
		created_at INTEGER NOT NULL,
		key BLOB NOT NULL,
		last_used_step INTEGER NOT NULL
	) STRICT;

	-- Consecutive incorrect codes per user and check ('totp', 'recovery_code'), kept in the database
	-- so that a restart does not hand out fresh tries.
	CREATE TABLE second_factor_lockout (
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		check_name TEXT NOT NULL,
		failed_attempts INTEGER NOT NULL DEFAULT 0,
		locked_until INTEGER,
		PRIMARY KEY (user_id, check_name)
	) STRICT;
	`,
	// 2: locks of a second-factor check escalate (15, 30, 60 minutes ... 24 hours) until a correct
	// code, so the number of locks so far is kept with the count.
	`
	ALTER TABLE second_factor_lockout ADD COLUMN lock_count INTEGER NOT NULL DEFAULT 0;
	`,
	// 3: the number of users, kept by triggers, so that every page of GET /users does not count
	// the whole table for X-Pagination-Total; and a version that every change to the set of users
	// (or to their order) moves, which tells the page anchors (user-pages.ts) whether they are current.
	`
	CREATE TABLE user_count (n INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 0) STRICT;
	INSERT INTO user_count (n) SELECT count(*) FROM user;
	CREATE TRIGGER user_count_insert AFTER INSERT ON user BEGIN UPDATE user_count SET n = n + 1, version = version + 1; END;
	CREATE TRIGGER user_count_delete AFTER DELETE ON user BEGIN UPDATE user_count SET n = n - 1, version = version + 1; END;
	CREATE TRIGGER user_order_update AFTER UPDATE OF id, created_at ON user BEGIN UPDATE user_count SET version = version + 1; END;
	`,
	// 4: passkeys (API.md section 10). Each user's user handle is made once and kept; ceremonies
	// live 5 minutes and are deleted by the verify that uses them; a credential id is registered once.
	`
	CREATE TABLE passkey_user_handle (
		user_id TEXT NOT NULL PRIMARY KEY REFERENCES user (id) ON DELETE CASCADE,
		handle BLOB NOT NULL UNIQUE
	) STRICT;

	CREATE TABLE passkey (
		id TEXT NOT NULL PRIMARY KEY,
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		credential_id BLOB NOT NULL UNIQUE,
		public_key BLOB NOT NULL,
		algorithm INTEGER NOT NULL,
		sign_count INTEGER NOT NULL,
		name TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		last_used_at INTEGER,
		backup_eligible INTEGER NOT NULL CHECK (backup_eligible IN (0, 1)),
		backed_up INTEGER NOT NULL CHECK (backed_up IN (0, 1)),
		transports TEXT NOT NULL,
		aaguid BLOB NOT NULL
	) STRICT;
	CREATE INDEX passkey_user_id ON passkey (user_id, created_at);

	CREATE TABLE passkey_ceremony (
		id TEXT NOT NULL PRIMARY KEY,
		kind TEXT NOT NULL CHECK (kind IN ('registration', 'authentication')),
		user_id TEXT REFERENCES user (id) ON DELETE CASCADE,
		challenge BLOB NOT NULL,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL
	) STRICT;
	CREATE INDEX passkey_ceremony_user_id ON passkey_ceremony (user_id);
	CREATE INDEX passkey_ceremony_expires_at ON passkey_ceremony (expires_at);
	`,
	// 5: events (API.md section 11), kept for --event-retention days, and the queue of their webhook
	// deliveries. seq is AUTOINCREMENT so that it is never reused once the newest events are swept:
	// it is the feed's cursor. The queue's row goes with its event. No index on time: events are
	// stored in time order, so the sweep deletes from the oldest up (events.ts), and each event
	// costs one index write fewer.
	`
	CREATE TABLE event (
		seq INTEGER PRIMARY KEY AUTOINCREMENT,
		id TEXT NOT NULL,
		time INTEGER NOT NULL,
		type TEXT NOT NULL,
		user_id TEXT,
		client_ip TEXT,
		data TEXT NOT NULL
	) STRICT;
	CREATE INDEX event_user_id ON event (user_id, seq);

	CREATE TABLE webhook_delivery (
		event_seq INTEGER NOT NULL PRIMARY KEY REFERENCES event (seq) ON DELETE CASCADE,
		due_at INTEGER NOT NULL,
		attempts INTEGER NOT NULL DEFAULT 0,
		claim TEXT
	) STRICT;
	CREATE INDEX webhook_delivery_due_at ON webhook_delivery (due_at);
	`,
	// 6: an index that serves GET /users?email_query= (a substring of the email): every email's
	// trigrams, kept by triggers. Rows are found again by their email (unique, and always at least
	// 3 characters, so its own trigrams find it), not by the user's rowid, which VACUUM may renumber.
	`
	CREATE VIRTUAL TABLE user_email_search USING fts5(email, tokenize = 'trigram');
	INSERT INTO user_email_search (email) SELECT email FROM user WHERE email IS NOT NULL;
	CREATE TRIGGER user_email_search_insert AFTER INSERT ON user WHEN new.email IS NOT NULL BEGIN
		INSERT INTO user_email_search (email) VALUES (new.email);
	END;
	CREATE TRIGGER user_email_search_delete AFTER DELETE ON user WHEN old.email IS NOT NULL BEGIN
		DELETE FROM user_email_search WHERE rowid IN (
			SELECT rowid FROM user_email_search WHERE user_email_search MATCH '"' || replace(old.email, '"', '""') || '"' AND email = old.email);
	END;
	CREATE TRIGGER user_email_search_update AFTER UPDATE OF email ON user BEGIN
		DELETE FROM user_email_search WHERE old.email IS NOT NULL AND rowid IN (
			SELECT rowid FROM user_email_search WHERE user_email_search MATCH '"' || replace(old.email, '"', '""') || '"' AND email = old.email);
		INSERT INTO user_email_search (email) SELECT new.email WHERE new.email IS NOT NULL;
	END;
	`,
	// 7: the console's one-time sign-in tokens and its sessions (API.md section 12), each known by
	// the SHA-256 of its secret.
	`
	CREATE TABLE console_token (digest BLOB NOT NULL PRIMARY KEY, expires_at INTEGER NOT NULL) STRICT;
	CREATE TABLE console_session (
		digest BLOB NOT NULL PRIMARY KEY,
		created_at INTEGER NOT NULL,
		last_seen_at INTEGER NOT NULL
	) STRICT;
	`,
	// 8: sign-in by email code (API.md section 14): at most one request per email (a new one takes
	// the row), its user, if any, when it was made. user_id has neither a foreign key nor an index:
	// the check of one, and an index entry at a random place instead of with the other NULLs, would
	// be work that only requests for emails with an account do, and the time of that answer must not
	// tell which emails have one. A trigger deletes the request for a deleted user's email instead
	// (one the user no longer holds names them in user_id, which a verify checks). And
	// passwords found leaked after they were set
	// (section 15), with when the range API was last asked about the user's password (at most once a
	// day). The partial index keeps the count of such users (a metric) to the flagged rows.
	`
	CREATE TABLE email_sign_in_request (
		id TEXT NOT NULL PRIMARY KEY,
		user_id TEXT,
		email TEXT NOT NULL UNIQUE,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL,
		code_hash BLOB NOT NULL,
		failed_attempts INTEGER NOT NULL DEFAULT 0
	) STRICT;
	CREATE INDEX email_sign_in_request_expires_at ON email_sign_in_request (expires_at);
	CREATE TRIGGER email_sign_in_request_user_deleted AFTER DELETE ON user WHEN old.email IS NOT NULL BEGIN
		DELETE FROM email_sign_in_request WHERE email = old.email;
	END;

	ALTER TABLE user ADD COLUMN password_leaked INTEGER NOT NULL DEFAULT 0 CHECK (password_leaked IN (0, 1));
	ALTER TABLE user ADD COLUMN password_leak_checked_online_at INTEGER;
	CREATE INDEX user_password_leaked ON user (created_at, id) WHERE password_leaked = 1;
	`,
	// 9: sessions (API.md section 13), known by id; only the SHA-256 of the secret is kept. The
	// user's index serves their list (most recently used first) and the cap; the sweep finds the
	// expired ones by either time. Device digests (a user agent, a network) outlive the sessions for
	// 90 days, so that new_device can be judged; the empty digest marks "has had a session".
	`
	CREATE TABLE session (
		id TEXT NOT NULL PRIMARY KEY,
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		digest BLOB NOT NULL,
		created_at INTEGER NOT NULL,
		last_used_at INTEGER NOT NULL,
		client_ip TEXT,
		user_agent TEXT,
		second_factor_verified_at INTEGER,
		new_device INTEGER NOT NULL CHECK (new_device IN (0, 1))
	) STRICT;
	CREATE INDEX session_user_id ON session (user_id, last_used_at);
	CREATE INDEX session_last_used_at ON session (last_used_at);
	CREATE INDEX session_created_at ON session (created_at);

	CREATE TABLE session_device (
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		digest BLOB NOT NULL,
		last_seen_at INTEGER NOT NULL,
		PRIMARY KEY (user_id, digest)
	) STRICT, WITHOUT ROWID;
	CREATE INDEX session_device_last_seen_at ON session_device (last_seen_at);
	`,
	// 10: the email search index again, so that a common substring costs what its page costs. The
	// trigrams are case-sensitive (emails are stored lower-cased and NFC, and the query is compared as
	// given, as instr did), so a phrase match is the exact answer: the number of matches is counted in
	// the index alone. Each entry carries its user's created_at and id (not indexed), so a page sorted
	// from the index reads no user row. Kept by triggers, found again by the email as step 6 was.
	`
	DROP TRIGGER user_email_search_insert;
	DROP TRIGGER user_email_search_delete;
	DROP TRIGGER user_email_search_update;
	DROP TABLE user_email_search;
	CREATE VIRTUAL TABLE user_email_match USING fts5(email, created_at UNINDEXED, id UNINDEXED, tokenize = 'trigram case_sensitive 1');
	INSERT INTO user_email_match (email, created_at, id) SELECT email, created_at, id FROM user WHERE email IS NOT NULL;
	CREATE TRIGGER user_email_match_insert AFTER INSERT ON user WHEN new.email IS NOT NULL BEGIN
		INSERT INTO user_email_match (email, created_at, id) VALUES (new.email, new.created_at, new.id);
	END;
	CREATE TRIGGER user_email_match_delete AFTER DELETE ON user WHEN old.email IS NOT NULL BEGIN
		DELETE FROM user_email_match WHERE rowid IN (
			SELECT rowid FROM user_email_match WHERE user_email_match MATCH '"' || replace(old.email, '"', '""') || '"' AND email = old.email);
	END;
	CREATE TRIGGER user_email_match_update AFTER UPDATE OF email, created_at, id ON user BEGIN
		DELETE FROM user_email_match WHERE old.email IS NOT NULL AND rowid IN (
			SELECT rowid FROM user_email_match WHERE user_email_match MATCH '"' || replace(old.email, '"', '""') || '"' AND email = old.email);
		INSERT INTO user_email_match (email, created_at, id) SELECT new.email, new.created_at, new.id WHERE new.email IS NOT NULL;
	END;
	`,
	// 11: whether a user has a TOTP credential, as a column of the user kept by triggers on
	// totp_credential (registration, removal, import, the cascade of a deleted user), instead of a
	// lookup in totp_credential for every user read: a page of 20 users made 20 of them, about 40 %
	// of the statement (docs/benchmarks.md, "A page of users"). Set here from the credentials there
	// are.
	`
	ALTER TABLE user ADD COLUMN totp_registered INTEGER NOT NULL DEFAULT 0 CHECK (totp_registered IN (0, 1));
	UPDATE user SET totp_registered = 1 WHERE id IN (SELECT user_id FROM totp_credential);
	CREATE TRIGGER user_totp_registered_insert AFTER INSERT ON totp_credential BEGIN
		UPDATE user SET totp_registered = 1 WHERE id = new.user_id;
	END;
	CREATE TRIGGER user_totp_registered_delete AFTER DELETE ON totp_credential BEGIN
		UPDATE user SET totp_registered = 0 WHERE id = old.user_id;
	END;
	CREATE TRIGGER user_totp_registered_update AFTER UPDATE OF user_id ON totp_credential BEGIN
		UPDATE user SET totp_registered = 0 WHERE id = old.user_id;
		UPDATE user SET totp_registered = 1 WHERE id = new.user_id;
	END;
	`,
	// 12: the event table without AUTOINCREMENT, whose counter in sqlite_sequence was one more page
	// every commit that stores an event wrote to the WAL (docs/benchmarks.md, "Events on writes").
	// A seq must still never be reused, even once the sweep has deleted the newest events (it is
	// the feed's cursor): event_seq_floor keeps the highest seq ever given, which the sweep raises
	// before it deletes and the insert counts from (events.ts), starting from AUTOINCREMENT's
	// counter. The webhook queue refers to the event table, so it is set aside and rebuilt with it
	// (dropping the event table under it would delete its rows by the foreign key's cascade).
	`
	CREATE TABLE event_seq_floor (seq INTEGER NOT NULL) STRICT;
	INSERT INTO event_seq_floor (seq) SELECT max(
		coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'event'), 0),
		coalesce((SELECT max(seq) FROM event), 0));

	CREATE TABLE webhook_delivery_kept AS SELECT event_seq, due_at, attempts, claim FROM webhook_delivery;
	DROP TABLE webhook_delivery;

	-- The columns of step 5, seq without AUTOINCREMENT.
	CREATE TABLE event_rebuilt (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, time INTEGER NOT NULL, type TEXT NOT NULL,
		user_id TEXT, client_ip TEXT, data TEXT NOT NULL) STRICT;
	INSERT INTO event_rebuilt (seq, id, time, type, user_id, client_ip, data)
		SELECT seq, id, time, type, user_id, client_ip, data FROM event ORDER BY seq;
	DROP TABLE event;
	ALTER TABLE event_rebuilt RENAME TO event;
	CREATE INDEX event_user_id ON event (user_id, seq);

	-- As step 5 made it.
	CREATE TABLE webhook_delivery (event_seq INTEGER NOT NULL PRIMARY KEY REFERENCES event (seq) ON DELETE CASCADE,
		due_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, claim TEXT) STRICT;
	INSERT INTO webhook_delivery (event_seq, due_at, attempts, claim)
		SELECT event_seq, due_at, attempts, claim FROM webhook_delivery_kept ORDER BY event_seq;
	DROP TABLE webhook_delivery_kept;
	CREATE INDEX webhook_delivery_due_at ON webhook_delivery (due_at);
	`,
	// 13: one user's events are found through event_user, filled in batches (events.ts), instead of
	// the index event_user_id, whose entry, at a random place, was one more page every commit that
	// stores an event wrote to the WAL (docs/benchmarks.md, "Events on writes"). event_user holds
	// the events up to event_user_upto.seq; a read of a user's events finds the newer ones in the
	// event table. Filled here from the index, which then goes.
	`
	CREATE TABLE event_user (user_id TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (user_id, seq)) STRICT, WITHOUT ROWID;
	INSERT INTO event_user (user_id, seq) SELECT user_id, seq FROM event WHERE user_id IS NOT NULL ORDER BY user_id, seq;
	CREATE TABLE event_user_upto (seq INTEGER NOT NULL) STRICT;
	INSERT INTO event_user_upto (seq) SELECT coalesce(max(seq), 0) FROM event;
	DROP INDEX event_user_id;
	`,
	// 14: event_user keyed by part first (seq / 8192, events.ts's USER_INDEX_PART), so that a batch's
	// entries go to the newest part's pages instead of each user's own page (docs/benchmarks.md,
	// "event_user by part").
	`
	CREATE TABLE event_user_by_part (part INTEGER NOT NULL, user_id TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (part, user_id, seq)) STRICT, WITHOUT ROWID;
	INSERT INTO event_user_by_part (part, user_id, seq) SELECT seq / 8192, user_id, seq FROM event_user ORDER BY 1, 2, 3;
	DROP TABLE event_user;
	ALTER TABLE event_user_by_part RENAME TO event_user;
	`,
	// 15: an operator's disable of a user (API.md section 18). disabled_until is NULL while enabled,
	// 0 until enabled, else the time the disable ends; whether it is in force is judged as the user
	// is read (features/users/store.ts, disabledState), so an end that passes needs no write.
	`
	ALTER TABLE user ADD COLUMN disabled_until INTEGER;
	ALTER TABLE user ADD COLUMN disabled_reason TEXT;
	`,
	// 16: sign-in with an identity provider (API.md section 16). An identity is (issuer, subject), unique
	// across users; a request keeps the state, PKCE verifier and nonce Holm sent the browser with, and
	// once verified into link_required, what the provider said, until POST …/link or its expiry.
	`
	CREATE TABLE identity (
		id TEXT NOT NULL PRIMARY KEY,
		user_id TEXT NOT NULL REFERENCES user (id) ON DELETE CASCADE,
		provider TEXT NOT NULL,
		issuer TEXT NOT NULL,
		subject TEXT NOT NULL,
		email TEXT,
		email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
		name TEXT,
		created_at INTEGER NOT NULL,
		last_sign_in_at INTEGER,
		UNIQUE (issuer, subject)
	) STRICT;
	CREATE INDEX identity_user_id ON identity (user_id);

	CREATE TABLE external_sign_in_request (
		id TEXT NOT NULL PRIMARY KEY,
		provider TEXT NOT NULL,
		user_id TEXT REFERENCES user (id) ON DELETE CASCADE,
		stage TEXT NOT NULL CHECK (stage IN ('started', 'verifying', 'link_required')),
		state TEXT NOT NULL,
		code_verifier TEXT NOT NULL,
		nonce TEXT,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL,
		issuer TEXT,
		subject TEXT,
		email TEXT,
		email_verified INTEGER CHECK (email_verified IN (0, 1)),
		name TEXT
	) STRICT;
	CREATE INDEX external_sign_in_request_user_id ON external_sign_in_request (user_id);
	CREATE INDEX external_sign_in_request_expires_at ON external_sign_in_request (expires_at);
	`,
];
