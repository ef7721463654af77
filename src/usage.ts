// The usage text of each command (`holm COMMAND --help`) and of holm as a whole (API.md section 7).
import { DEFAULT_LIMITS, formatLimit, LIMIT_MEANINGS, LIMIT_NAMES } from "./limits.ts";

/** The rows --limit may set, each with its default and meaning, from limits.ts. */
const LIMIT_ROWS = LIMIT_NAMES.map((name) => `   ${`${name}=${formatLimit(DEFAULT_LIMITS[name])}`.padEnd(34)}${LIMIT_MEANINGS[name]}`).join("\n");

const SERVE = `Usage: holm serve [flags]

Serves the API. Every flag also reads from an environment variable, HOLM_ and the flag in upper
case with _ for - (--leak-check from HOLM_LEAK_CHECK); a flag wins over its variable.

  --database sqlite|postgres://...   the embedded SQLite file in --dir (default), or   HOLM_DATABASE
                                     a PostgreSQL database shared by every instance
  --port 4000                        TCP port; 0 picks a free one                      HOLM_PORT
  --host 127.0.0.1                   address to listen on                              HOLM_HOST
  --unix PATH                        listen on a Unix socket instead of TCP; only a    HOLM_UNIX
                                     stale socket at PATH is replaced
  --unix-mode 0600                   permissions of that socket (0660 for a group)     HOLM_UNIX_MODE
  --dir holm_data                    data directory: holm.db, secret, holm.lock        HOLM_DIR
  --secret S                         the API secret, 16 characters or more; visible    HOLM_SECRET
                                     in the process list, so prefer one of the others
  --secret-file PATH                 a file of secrets, one per line, all accepted     HOLM_SECRET_FILE
                                     (default: <dir>/secret, created on first start)
  --leak-check offline|online|off    how passwords are checked against leaks           HOLM_LEAK_CHECK
  --leak-file PATH                   a leak file checked besides the bundled one       HOLM_LEAK_FILE
  --leak-api URL                     range API for online (api.pwnedpasswords.com)     HOLM_LEAK_API
  --leak-fail open|closed            online, when the API cannot be reached in time    HOLM_LEAK_FAIL
  --leak-timeout-ms 2000             how long one range request may take               HOLM_LEAK_TIMEOUT_MS
  --log-format pretty|json           one line per event, as text or as JSON            HOLM_LOG_FORMAT
  --log-level debug|info|warn|error  least severe line written (debug adds /health)    HOLM_LOG_LEVEL
  --event-retention 30               days events are kept; 0 stores none               HOLM_EVENT_RETENTION
  --webhook-url URL                  POST every stored event there (Standard Webhooks)  HOLM_WEBHOOK_URL
  --webhook-secret-file PATH         the signing secret: base64 of 32+ bytes, with or  HOLM_WEBHOOK_SECRET_FILE
                                     without whsec_ (openssl rand -base64 32)
  --webhook-event TYPE               send only this type; repeatable                   HOLM_WEBHOOK_EVENT
  --limit NAME=COUNT/WINDOW          sets one limit; repeatable; WINDOW in s, m or h   HOLM_LIMIT
                                     (HOLM_LIMIT holds several, separated by spaces)
${LIMIT_ROWS}
  Values looser than these defaults are logged as a warning at start. With PostgreSQL give every
  instance the same --limit values: the limits are shared, each instance judges by its own.
  --passkey-rp-id example.com        turns passkeys on: the site's domain (relying     HOLM_PASSKEY_RP_ID
                                     party id); without it passkey endpoints answer
                                     NOT_ALLOWED
  --passkey-origin https://...       an exact origin the pages run on; repeat, or      HOLM_PASSKEY_ORIGIN
                                     separate with commas (default https://<rp id>)
  --passkey-rp-name NAME             shown by authenticators (default the rp id)       HOLM_PASSKEY_RP_NAME
  --passkey-user-verification required|preferred                                     HOLM_PASSKEY_USER_VERIFICATION
                                     whether a PIN or biometric is required (default
                                     required)
  --console                          serve the operator's console at /console/; sign   HOLM_CONSOLE
                                     in with a link from \`holm console-link\`
  --session-idle-timeout 7d          a session unused this long ends (s, m, h, d)      HOLM_SESSION_IDLE_TIMEOUT
  --session-lifetime 30d             a session ends this long after its creation       HOLM_SESSION_LIFETIME
  --sessions-per-user 50             one more ends the user's least recently used one  HOLM_SESSIONS_PER_USER
  --identity-providers FILE          sign-in with identity providers: a JSON array of  HOLM_IDENTITY_PROVIDERS
                                     {name, kind (oidc|microsoft|github), client_id,
                                     client_secret_file, redirect_uri, issuer, ...}
                                     (docs/identity-providers.md); checked at start

Make a secret with \`holm generate-secret\`. A bad flag or value, or a data directory another
holm holds, exits with status 2.`;

const MIGRATE = `Usage: holm migrate [--database sqlite|postgres://...] [--dir holm_data]

Applies the missing schema steps to the database and exits, so that a deploy pipeline can
migrate once before it starts new instances. holm serve applies them too, under a lock, so this
is never required.`;

const GENERATE_SECRET = `Usage: holm generate-secret

Prints a new random secret (32 bytes, base32) for --secret-file, HOLM_SECRET or --secret.`;

const BACKUP = `Usage: holm backup [--dir holm_data] DEST

Writes a consistent copy of the SQLite database in --dir (HOLM_DIR) to the new file DEST, also
while holm serve runs. Refuses to overwrite DEST. With PostgreSQL, use pg_dump instead.`;

const BUILD_LEAK_FILE = `Usage: holm build-leak-file INPUT OUTPUT

Turns a password list (one per line, optionally gzipped) or the Have I Been Pwned SHA1HEX:COUNT
download into a leak file for --leak-file.`;

const EXPORT = `Usage: holm export [--dir holm_data | --database postgres://...] [--output FILE]

Writes every user as one JSON object per line (id, email, email_verified, created_at,
password_hash, totp_key, recovery_code) from one consistent snapshot, also while holm serve
runs. Without --output the lines go to standard output; --output creates a new file of mode
0600 and refuses an existing one. Progress goes to standard error. The output holds password
hashes and TOTP keys: keep it like the database itself (docs/import.md).`;

const IMPORT = `Usage: holm import FILE|- [--url http://127.0.0.1:4000] [--secret-file PATH]
                   [--on-conflict error|skip]

Sends the users of an NDJSON file (from holm export, or made from another system; - reads
standard input) to a running Holm, 1,000 rows per POST /user-imports. The secret comes from
--secret-file, HOLM_SECRET_FILE or HOLM_SECRET, else <HOLM_DIR or holm_data>/secret. --url also
reads HOLM_URL, and takes unix:PATH for a socket. A row whose email or id is taken fails with
--on-conflict error (the default) and is skipped with skip, so a second run with skip finishes
an interrupted one. Failed rows go to FILE.rejects.ndjson (stdin.rejects.ndjson for -), each
with its line and error. Exit status 0 when no row failed, 1 when some did, 2 for a bad flag.`;

const CONSOLE_LINK = `Usage: holm console-link [--dir holm_data | --database postgres://...] [--ttl 10m]
                         [--host 127.0.0.1] [--port 4000] [--end-sessions]

Prints a one-time link that signs a browser in to the console of a holm serve --console on the
same database: http://HOST:PORT/console/#token=..., where the holm serve on the same --dir
listens unless --host or --port says otherwise. It works once, within --ttl (s, m or h; at
most 24h). The session it opens ends after 30 minutes idle or 12 hours in all. The session cookie
is only kept over TLS or on a loopback address: open a server's console through an SSH tunnel
(ssh -L 4000:127.0.0.1:4000 server) or behind TLS.

  --ttl 10m          how long the link may wait to be opened                HOLM_CONSOLE_TTL
  --host, --port     where the link points (HOLM_HOST, HOLM_PORT); without either, the address
                     the holm serve on --dir listens on, else 127.0.0.1:4000
  --end-sessions     ends every console session and unused link instead; prints no link`;

const VERSION = `Usage: holm version

Prints the version.`;

export const COMMAND_USAGE: Record<string, string> = {
	serve: SERVE,
	migrate: MIGRATE,
	"generate-secret": GENERATE_SECRET,
	backup: BACKUP,
	"build-leak-file": BUILD_LEAK_FILE,
	export: EXPORT,
	import: IMPORT,
	"console-link": CONSOLE_LINK,
	version: VERSION,
};

export const USAGE = `Usage:
  holm serve [--database sqlite|postgres://...] [--port 4000] [--host 127.0.0.1]
             [--unix PATH] [--unix-mode 0600] [--dir holm_data] [--secret S | --secret-file PATH]
             [--leak-check offline|online|off] [--leak-file PATH]
             [--leak-api URL] [--leak-fail open|closed] [--leak-timeout-ms 2000]
             [--log-format pretty|json] [--log-level debug|info|warn|error]
             [--event-retention 30] [--webhook-url URL --webhook-secret-file PATH]
             [--webhook-event TYPE ...]
             [--limit NAME=COUNT/WINDOW ...]
             [--passkey-rp-id ID --passkey-origin ORIGIN ... [--passkey-rp-name N]
              [--passkey-user-verification required|preferred]] [--console]
             [--session-idle-timeout 7d] [--session-lifetime 30d] [--sessions-per-user 50]
             [--identity-providers FILE]
  holm console-link [--dir holm_data | --database postgres://...] [--ttl 10m]
                    [--host 127.0.0.1] [--port 4000] [--end-sessions]
  holm migrate [--database sqlite|postgres://...] [--dir holm_data]
  holm generate-secret
  holm backup [--dir holm_data] DEST
  holm build-leak-file INPUT OUTPUT
  holm export [--dir holm_data | --database postgres://...] [--output FILE]
  holm import FILE|- [--url http://127.0.0.1:4000] [--secret-file PATH] [--on-conflict error|skip]
  holm version
  holm COMMAND --help

Every serve flag also reads from an environment variable: --leak-check from HOLM_LEAK_CHECK, and so on.`;
