// Generated from Holm's GET /openapi.json by `npm run client:generate`; do not edit.
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description Needs no secret and reads no body. Answers once the database does, and within about 2 seconds when it does not (on PostgreSQL it has a connection of its own, outside the pool: see [postgres.md](postgres.md)).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Needs the secret (`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting). Answers in the Prometheus text exposition format, version 0.0.4 (`Content-Type: text/plain; version=0.0.4`), also while the database is down. Label values are route patterns, never paths, so no id becomes a label.
         *
         *     | Metric | What it counts or measures |
         *     |---|---|
         *     | `holm_http_requests_total{route,method,status,error}` | Requests answered, by route pattern, method, status and error code (`""` on success). A request whose client closed the connection before Holm could answer is counted with `status="499"` and `error="CLIENT_CLOSED"` (never sent to anyone; see [security.md](security.md#clients-that-disconnect)). |
         *     | `holm_http_request_duration_seconds{route,method}` | Histogram: time from a request's arrival to its answer. Under load an answer may then wait for the rest of its turn of the event loop before it is sent (well under a millisecond; docs/decisions.md, "Answers leave together under load"); that wait is not in it. |
         *     | `holm_rate_limit_refusals_total{limit}` | `TOO_MANY_REQUESTS` answers, by the limit that refused (`incorrect_passwords_address`, …). |
         *     | `holm_leak_checks_total{result}` | Leak checks of new passwords: `weak`, `passed`, or `online_failure` (the range API could not answer, with `--leak-fail open` or `closed`). Nothing is counted with `--leak-check off`. |
         *     | `holm_client_ip_not_an_address_total` | Requests whose `client_ip` was no IP address even without a port, a zone and surrounding whitespace; each was limited by its string as sent ([limits.md](limits.md#client_ip)). |
         *     | `holm_password_hashing_rejected_total` | Argon2id work refused with `503 UNAVAILABLE` because it could not start within 5 seconds. |
         *     | `holm_password_hashing_running` | Argon2id hashes and verifications running now. |
         *     | `holm_password_hashing_waiting` | Argon2id hashes and verifications waiting for a free core. |
         *     | `holm_password_hashing_duration_seconds{operation}` | Histogram: time argon2id work ran, without its wait, by operation (`hash`, `verify`). |
         *     | `holm_password_hashing_wait_seconds` | Histogram: time argon2id work waited for a free core. |
         *     | `holm_password_hash_upgrades_total{form}` | Imported password hashes replaced by an argon2id hash after a correct password, by the form they were in (`bcrypt`, `django_pbkdf2_sha256`, `firebase_scrypt`, …; see [import.md](import.md#password-hash-forms)). |
         *     | `holm_database_size_bytes` | Bytes the database takes (SQLite: the main file's pages; PostgreSQL: `pg_database_size`); the last size known while the database cannot say. |
         *     | `holm_process_resident_memory_bytes` | Resident memory of the process. |
         *     | `holm_process_heap_used_bytes` | JavaScript heap in use. |
         *     | `holm_build_info{version,bun_version,database}` | Always 1; the labels say which Holm runs: its version, the Bun version, and the database (`sqlite` or `postgres`). |
         *     | `holm_limit_count{limit}`, `holm_limit_window_seconds{limit}` | The limits in force, named as in `--limit` (see [limits.md](limits.md#changing-a-limit)); `code-attempts` has no window. |
         *     | `process_cpu_seconds_total` | The standard series: user and system CPU time of the process, in seconds. |
         *     | `process_start_time_seconds` | The standard series: when the process started, in seconds since the Unix epoch. |
         *
         *     ```yaml
         *     # prometheus.yml
         *     scrape_configs:
         *       - job_name: holm
         *         authorization:
         *           credentials_file: /etc/prometheus/holm-secret
         *         static_configs:
         *           - targets: ["127.0.0.1:4000"]
         *     ```
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 description
         * @description Needs no secret and reads no body. For code generators and API tools. Its `servers` entry is `http://{host}:{port}` with the defaults of `--host` and `--port`; every operation carries the examples of docs/api.md (which is rendered from this document); `405 METHOD_NOT_ALLOWED` and its `Allow` header are described once, under `components.responses`, since no operation answers it. The tests lint it with Redocly's recommended rules. The typed client in `client/` is generated from it ([client.md](client.md)); after a change to the API, `npm run client:generate` at the repository's root regenerates its types, and the tests fail until that is committed.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description An unknown or malformed sort_by, sort_order, per_page or page falls back to its default; it is not an error. Filters combine.
         *
         *     **Find a user by email** with `GET /users?email=<address>` (percent-encoded; `curl -G --data-urlencode "email=Cat@Example.com"`): the answer holds zero or one user, with the pagination headers. This is how your backend finds the account for "forgot password" or for your own sign-in screens. It uses the unique index.
         *
         *     `email_query` of 3 characters or more goes through a substring index on the addresses (SQLite: an FTS5 trigram table; PostgreSQL: a `pg_trgm` GIN index), so a rare match answers in milliseconds among a million users; shorter queries, and a query that matches many users (every match is counted for `X-Pagination-Total`), read more. On PostgreSQL the index needs the `pg_trgm` extension, which Holm creates when its role may (a database owner may, on PostgreSQL 13 and later); where it cannot, `email_query` reads every user and each start logs a warning saying what to run. Keep `email_query` for admin screens; to find one account use `email`.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Put a captcha or an equivalent in front of sign-up: creating users is open to bots otherwise.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a user */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Deletes the user and everything the user owns: password reset requests, the email verification request, email update requests, the TOTP credential, passkeys, identities, second-factor lockouts and [sessions](#sessions) (a `sessions_ended` event with `reason: "user_deleted"` records them).
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a user
         * @description Stops an account without deleting it: abuse, a dispute, a departed employee. Every way in then answers `403 USER_DISABLED` once its credential has proved correct (a wrong one answers as it always does, so the answer tells nothing to someone who does not know the password): [verify-password](#verify-a-password), [authenticate/password](#sign-in-with-email-and-password), an [email code](#sign-in-with-an-email-code), a [passkey sign-in](#verify-a-passkey-sign-in) and an identity provider's verify; [creating a session](#create-a-session) answers `USER_DISABLED` too. The code or passkey ceremony is used up, and nothing else happens: no sign-in, no claim of an unverified account ([security.md](security.md#a-disabled-user)), but a `sign_in_failed` event with `"reason": "user_disabled"`. Everything else (resets, requests, second factors, passkey registration, reading and listing) works as before, so enabling brings back a consistent account.
         *
         *     In the same transaction every [session](#sessions) of the user ends (`sessions_ended`, reason `user_disabled`) and a `user_disabled` event records `data.reason` and `data.until` (`null` for none). Disabling a disabled user replaces its reason and end (another `user_disabled`). Once `until` has passed, the user answers as enabled (`disabled: false`, `disabled_until: null`) by itself, everywhere at once and with no event; the sessions that ended do not come back.
         */
        post: operations["disableUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a user
         * @description No body needed. Ends a disable, and records a `user_enabled` event; the user's sessions do not come back. Enabling a user that is not disabled (never was, or its `until` has passed) changes nothing and records nothing.
         */
        post: operations["enableUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/verify-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a password
         * @description Use it to confirm a signed-in user before a sensitive change (email change, TOTP removal).
         */
        post: operations["verifyPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/update-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a password
         * @description The password is changed, the user's password reset requests and email update requests are deleted, and every [session](#sessions) of the user but `session_id` ends, in the same transaction; `session_id` must be a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes.
         *
         *     The new password is checked against the leak list before the current password is checked, so a weak new password answers `WEAK_PASSWORD` without costing a hash or a guess. The change is a compare-and-swap on the password hash that was verified: if the password changed in between (a parallel reset or update), the call answers `INCORRECT_PASSWORD` and changes nothing.
         *
         *     Holm's own sessions end with the change; if your application keeps sessions of its own, end them too.
         */
        post: operations["updatePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/authenticate/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password
         * @description An unknown address costs the same time and the same database work as a wrong password (one read, one argon2id verification), counts towards the address's incorrect-password block, and has a per-user block of its own: 10 wrong sign-ins for it in 15 minutes answer `TOO_MANY_REQUESTS`, exactly as for an address with an account ([limits.md](limits.md)). Show your end user the same message for `NOT_FOUND` and `INCORRECT_PASSWORD`, so your sign-in form does not reveal which addresses have accounts. Check `totp_registered` before you create a session: when it is `true`, ask for a TOTP code first ([flows.md](flows.md#sign-in)).
         */
        post: operations["authenticateWithPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/password-reset-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a user's password reset requests */
        get: operations["listUserPasswordResetRequests"];
        put?: never;
        /**
         * Create a password reset request
         * @description A user may have several live requests; each is independent. A user without a stored email may have reset requests; your backend then delivers the code some other way.
         */
        post: operations["createPasswordResetRequest"];
        /** Delete a user's password reset requests */
        delete: operations["deleteUserPasswordResetRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password-reset-requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a password reset request */
        get: operations["getPasswordResetRequest"];
        put?: never;
        post?: never;
        /** Delete a password reset request */
        delete: operations["deletePasswordResetRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/password-reset-requests/{request_id}/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a password reset request's code
         * @description `client_ip` is accepted for compatibility; this endpoint's limit is per request (5 codes).
         */
        post: operations["verifyPasswordResetRequestEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a password
         * @description In one transaction: the password is set, the user's `email_verified` becomes `true` (the code reached their inbox), all of the user's password reset requests and email update requests are deleted (whoever started an email change may be the reason for the reset), and every session of the user ends (`sessions_ended`, reason `password_reset`). For a user whose email was already verified, the TOTP credential, passkeys and recovery code are untouched: a user with TOTP still needs it to sign in. For a user whose email was **not** verified, the reset is the first proof of the address and the account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-account)): the TOTP credential, passkeys, pending requests and passkey ceremonies are removed as well, the recovery code is replaced, and an `account_claimed` event records what was there. The answer is the same `204`.
         *
         *     Holm has already ended the user's sessions; if your application keeps sessions of its own, end them too.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/email-verification-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the email verification request */
        get: operations["getEmailVerificationRequest"];
        put?: never;
        /**
         * Create an email verification request
         * @description A user without a stored email may have a request too. Your backend then keeps the address and sends the code to it (this is how `@faroe/sdk`, which creates users without an email, uses it). A request for an already verified address is allowed. To resend a code, `GET` the live request and send the same code again; create a new request only when `GET` answers `404`.
         */
        post: operations["createEmailVerificationRequest"];
        /** Delete the email verification request */
        delete: operations["deleteEmailVerificationRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the email */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/email-update-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a user's email update requests */
        get: operations["listUserEmailUpdateRequests"];
        put?: never;
        /**
         * Create an email update request
         * @description A user may hold several update requests at once.
         */
        post: operations["createEmailUpdateRequest"];
        /** Delete a user's email update requests */
        delete: operations["deleteUserEmailUpdateRequests"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-update-requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an email update request */
        get: operations["getEmailUpdateRequest"];
        put?: never;
        post?: never;
        /** Delete an email update request */
        delete: operations["deleteEmailUpdateRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/verify-new-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the new email
         * @description In one transaction: the user's email becomes the new address with `email_verified: true`; every update request for that address (of any user) is deleted; the user's password reset requests and email verification request are deleted, since their codes went to the old address; every [session](#sessions) of the user but `session_id` ends (`session_id` must be a live session of the request's user). Update your own copy of the user's address from the response, and consider telling the old address that it was replaced.
         */
        post: operations["verifyNewEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an email sign-in request
         * @description Made whether or not a user holds the email (user_id null), in the same time, so answer your visitor identically either way. Replaces any earlier request for the email: only the latest code works. 3 per email per 15 minutes; the per-address bucket of code requests. You may mail an address no user holds a "no account yet" message, or the code (to create the account with `create_user`).
         */
        post: operations["createEmailSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-sign-ins/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an email sign-in request */
        get: operations["getEmailSignIn"];
        put?: never;
        post?: never;
        /** Delete an email sign-in request */
        delete: operations["deleteEmailSignIn"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/email-sign-ins/{request_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an email code
         * @description A correct code uses the request up (of two parallel verifies, one succeeds), marks the email verified and signs the user in. With create_user and nobody holding the email, creates a passwordless user. INVALID_REQUEST when the request is absent, expired, used or superseded; the 5th incorrect code deletes the request; EMAIL_ALREADY_USED when a user took the email after a request that named nobody. The per-user password block does not apply (guessing passwords must not lock a user out of every way in); its own limit is 5 codes per request. An email code is a first factor: when `totp_registered` is `true`, ask for the TOTP code as after a password.
         *
         *     A correct code is a `sign_in` event with `"method": "email_code"` (of two verifies at once, on any instances, one succeeds and the other answers `INVALID_REQUEST`). It signs in the user the request named (who held the address when the request was made, and still does). When the request named nobody: with `create_user: true`, a user is created (email verified, no password: every password check answers `INCORRECT_PASSWORD` until a reset sets one), `created` is `true`, and a `user_created` event is written; without it, `user` is `null`: you know only that the visitor receives mail at that address.
         *
         *     When the user's `email_verified` was `false`, the code is the first proof of the address and the account becomes the prover's ([security.md](security.md#whoever-proves-the-address-owns-the-account)): in the same transaction the password, TOTP credential, passkeys, sessions and pending requests are removed, the recovery code is replaced, and an `account_claimed` event records what was there.
         */
        post: operations["verifyEmailSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/register-totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a TOTP credential
         * @description Send the key as `key` or `totp_key` (when both are sent, `key` wins): padded base64 of exactly 20 bytes. It is stored only if `code` matches it (one 30-second step of drift either way).
         *
         *     Your backend makes the key (20 random bytes) and shows it to the user, usually as a QR code of an `otpauth://` URI ([flows.md](flows.md#register-an-authenticator-app-totp)). The user's app then shows a code, and this call stores the key only if that code matches: a mis-scanned key is caught here. The registering code cannot be used again to sign in. Registering the key that is already registered keeps the last step used so far, so no code that was accepted before can pass again (re-running your "set up 2FA" step with an older code does not reopen used codes); a different key starts from its own registering code.
         */
        post: operations["registerTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/totp-credential": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the TOTP credential */
        get: operations["getTotpCredential"];
        put?: never;
        post?: never;
        /**
         * Delete the TOTP credential
         * @description Turns TOTP off for the user. Every other [session](#sessions) of the user ends in the same transaction; the query parameter `session_id` (`?session_id=q7kd2mzx9rbwtn4fhv3cy8ps`: a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.
         */
        delete: operations["deleteTotpCredential"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/verify-2fa/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a TOTP code
         * @description Each code works once. 5 incorrect codes in a row lock the check (TOO_MANY_REQUESTS, even for the right code). NOT_ALLOWED when the user has no TOTP credential. With `session_id` (a live session of this user, else NOT_FOUND before the code is judged), a correct code records that session's second_factor_verified_at. One 30-second step of clock drift either way is accepted; a code from a time step at or before the last accepted one (the registering code included) is `INCORRECT_CODE`.
         */
        post: operations["verifyTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/regenerate-recovery-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate the recovery code
         * @description No body needed. Replaces the user's recovery code without touching the TOTP credential, for example when the user thinks it was seen.
         */
        post: operations["regenerateRecoveryCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/reset-2fa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset two-factor authentication with the recovery code
         * @description For a user who lost their authenticator. The old recovery code is spent (of two parallel calls with it, one wins). The TOTP credential is deleted, both second-factor lockouts of the user are cleared, and every [session](#sessions) of the user but `session_id` ends, in the same transaction (`session_id` must be a live session of this user).
         */
        post: operations["resetTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/passkey-registrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a passkey registration
         * @description Give `options` to `PublicKeyCredential.parseCreationOptionsFromJSON()` and the result to `navigator.credentials.create({ publicKey })`. The ceremony lives 5 minutes. The user handle in `options.user.id` is 32 random bytes made once per user, never the id or email. `user.name` is the user's email, else their id. `excludeCredentials` lists the user's passkeys, so the authenticator refuses to register twice.
         */
        post: operations["startPasskeyRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passkey-registrations/{ceremony_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a passkey registration
         * @description `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.create()`. The ceremony is used up by this call whatever its outcome (a body that is not of the right shape, INVALID_DATA, is refused before and leaves it). INVALID_REQUEST when the ceremony is unknown, expired or used; INVALID_CREDENTIAL when a check fails; PASSKEY_ALREADY_REGISTERED when the credential id is registered to any user; NOT_ALLOWED when the user reached 10 passkeys meanwhile, or passkeys are off. `client_ip` only goes into the passkey_registered security event.
         */
        post: operations["verifyPasskeyRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passkey-authentications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a passkey sign-in
         * @description Give `options` to `PublicKeyCredential.parseRequestOptionsFromJSON()` and the result to `navigator.credentials.get({ publicKey })`. With `user_id`, `allowCredentials` lists that user's passkeys; without, it is empty, for a discoverable (username-less) sign-in. TOO_MANY_REQUESTS while `client_ip` (or the named user) is blocked for incorrect passwords. NOT_ALLOWED when passkeys are off.
         */
        post: operations["startPasskeyAuthentication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passkey-authentications/{ceremony_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a passkey sign-in
         * @description `credential` is what `PublicKeyCredential.toJSON()` gives after `navigator.credentials.get()`. The limits are checked first: a failed assertion counts as an incorrect password for `client_ip` and for the passkey's user (5 per address, 10 per user in 15 minutes). Then the ceremony is used up, whatever the outcome. INVALID_REQUEST when the ceremony is unknown, expired or used; INVALID_CREDENTIAL when a check fails (a counter that did not go up also logs passkey_counter_regressed). NOT_ALLOWED when passkeys are off. A user with `totp_registered` may still be asked for a TOTP code, as your policy wants ([passkeys.md](passkeys.md#trade-offs)).
         */
        post: operations["verifyPasskeyAuthentication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's passkeys
         * @description Oldest first. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).
         */
        get: operations["listUserPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passkeys/{passkey_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a passkey
         * @description Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).
         */
        get: operations["getPasskey"];
        put?: never;
        post?: never;
        /**
         * Delete a passkey
         * @description The authenticator keeps its copy; the user may remove it there too. Every other session of the user ends in the same transaction (a lost phone's passkey removed signs that phone out); the query parameter `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in (`sessions_ended`, reason `passkey_removed`). A `passkey_deleted` security event. Deleting a user deletes their passkeys. Answers NOT_ALLOWED when passkeys are off (no `--passkey-rp-id`).
         */
        delete: operations["deletePasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identity-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the identity providers
         * @description The providers the operator configured (--identity-providers): their names and kinds, never a secret.
         */
        get: operations["listIdentityProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/external-sign-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a sign-in with an identity provider
         * @description Keep `id` in an HttpOnly cookie and redirect the browser to `authorization_url`; the provider sends it back to the provider's redirect URI with the query to relay to the verify. With `user_id`, the identity is added to that signed-in user instead. The request lives 10 minutes. NOT_FOUND when there is no such provider or user; the per-address bucket of code requests; PROVIDER_ERROR when the provider's discovery cannot be had.
         */
        post: operations["startExternalSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/external-sign-ins/{request_id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a sign-in with an identity provider
         * @description Relay the callback's query (`state`, `code` or `error`, `iss`) from the browser whose cookie holds the request id. The request is used up by this call whatever it answers (a body of the wrong shape, INVALID_DATA, leaves it). INVALID_REQUEST when the request is absent, expired or used, or the state is wrong; INVALID_CREDENTIAL when the callback's issuer is another's (both before any call to the provider), or the code or ID token fails a check; PROVIDER_ERROR (502) when the provider sent an error or could not be reached; IDENTITY_IN_USE when the request was for a user and another user holds the identity. An identity is found only by (issuer, subject), never by email.
         */
        post: operations["verifyExternalSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/external-sign-ins/{request_id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link the identity of a sign-in that answered link_required
         * @description Call once you have proved the user who holds the email (a password, a passkey or an email code, and their second factor), within the request's 10 minutes. Links only when that user still holds the email and both the provider and Holm verified it. INVALID_REQUEST when the request is absent, expired, used, not waiting for a link, or the user does not hold its email; NOT_FOUND when there is no such user; EMAIL_NOT_VERIFIED when the provider or Holm has not verified the address (have the user verify it, or sign in by email code, then link again); IDENTITY_IN_USE when another user holds the identity. A refusal leaves the request as it was.
         */
        post: operations["linkExternalSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/identities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's identities
         * @description Oldest first.
         */
        get: operations["listUserIdentities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/identities/{identity_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlink an identity
         * @description The user can no longer sign in with it. Every other session of the user ends in the same transaction; the query parameter `session_id` (a live session of this user, else NOT_FOUND before anything else is judged, and nothing changes) stays signed in.
         */
        delete: operations["deleteIdentity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a user's sessions
         * @description What a "your devices" page shows.
         */
        get: operations["listUserSessions"];
        put?: never;
        /**
         * Create a session
         * @description Call it once the user is signed in, by Holm's checks or your own. The token is returned once, never again: put it in an HttpOnly, Secure, SameSite=Lax cookie. Creating one more session than --sessions-per-user (50) ends the user's least recently used session. new_device tells a receiver of the session_created event whether to send a "new sign-in" email. See docs/sessions.md.
         *
         *     The token is `<session id>.<secret>` (65 characters, a 200-bit secret). It is answered once: Holm keeps only the SHA-256 of the secret. The least recently used session that ends for the cap is a `sessions_ended` event with `reason: "session_limit"`. A `session_created` event records the session and its `new_device`.
         */
        post: operations["createSession"];
        /**
         * Sign out everywhere
         * @description Every session of the user ends (`sessions_ended`, `reason: "sign_out_everywhere"`). With `?except=SESSION_ID`, that session (a live session of this user, else NOT_FOUND and nothing ends) stays signed in: "sign out everywhere else".
         */
        delete: operations["deleteUserSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a session token
         * @description Call it on each request of a signed-in user. The token travels in the body, never in a URL. A token that is malformed, unknown, expired, ended, or whose secret is wrong answers NOT_FOUND (as does a session of a [disabled](#disable-a-user) user: disabling ends them all), each after the same work (an unknown id is compared against a dummy digest), so the time taken tells nothing. One indexed read; a write at most once a minute per session.
         */
        post: operations["validateSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a session */
        get: operations["getSession"];
        put?: never;
        post?: never;
        /**
         * End a session (sign out)
         * @description The session ends on every instance: a `sessions_ended` event with `reason: "sign_out"`.
         */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the event feed
         * @description Oldest first. Call again with `after` set to the `next` you were given to read every event exactly once, in order, also while several instances write events ([events.md](events.md#following-the-feed)). When nothing newer exists, `events` is empty and `next` is the cursor you sent: keep it and ask again later.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one user's events
         * @description The feed of GET /events, for one existing user: a "recent activity" page. Parameters and answer as there.
         */
        get: operations["listUserEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{user_id}/unblock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unblock a user
         * @description No body needed. Ends the user's block of password checks (after 10 incorrect passwords in 15 minutes) and the locks of `verify-2fa/totp` and `reset-2fa`, and restarts their escalation, so the next lock is 15 minutes again. Blocks of *addresses* stay: an address that guessed may be guessing at other accounts too. Records a `user_unblocked` event. Use it when a user who was locked out by someone else's guesses has proved who they are to you.
         */
        post: operations["unblockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user-imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import users
         * @description Brings in users from another system (or another Holm) with their password hashes, TOTP keys and recovery codes, so nobody has to reset a password. [import.md](import.md) is the guide: what to export from each system, the password-hash forms Holm takes, and the `holm import` command that sends a whole file through this endpoint.
         *
         *     Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another shape, or with more rows, answers INVALID_DATA as a whole; a bad row fails alone and the others are imported. Each row's outcome is in `results`, in row order, with the per-row codes INVALID_DATA, EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and PASSKEY_ALREADY_REGISTERED. A row whose email, id or a passkey's credential id is taken (in the database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, so re-running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked against their cost bounds. See docs/import.md.
         *
         *     A bad row fails alone, with `{"index": n, "status": "failed", "error": CODE}`; the other rows are imported:
         *
         *     | Row error | When |
         *     |---|---|
         *     | `INVALID_DATA` | The row is not an object, or a field breaks its rule; also a passkey breaking a rule, or a credential id or passkey id twice in one row. |
         *     | `EMAIL_ALREADY_USED` | With `on_conflict: error`: another user holds the email, or an earlier row of the same request took it. |
         *     | `ID_ALREADY_USED` | With `on_conflict: error`: a user has that id, or an earlier row of the same request took it. |
         *     | `UNSUPPORTED_PASSWORD_HASH` | The hash is of no form Holm takes (unsalted or single-round MD5, SHA-1, SHA-2, anything unknown). |
         *     | `INVALID_PASSWORD_HASH` | The hash looks like a supported form but is malformed, or its cost is outside the form's bounds. |
         *     | `PASSKEY_ALREADY_REGISTERED` | With `on_conflict: error`: one of the row's passkeys has a credential id or an `id` that is registered to a user, or that an earlier row of the same request took. |
         *     | `IDENTITY_IN_USE` | With `on_conflict: error`: one of the row's identities (its `id`, or its `issuer` and `subject`) is held by a user, or an earlier row of the same request took it. |
         *
         *     With `on_conflict: skip`, a row whose email is taken is `skipped` and its `user_id` names the user holding the email; else, when its id is taken, it names that id; else, when one of its passkeys' credential ids is registered, it names the user holding it. The email is judged first, then the id. So re-running an import with `skip` changes nothing and names every user it would have made: an interrupted import is finished by running it again. Conflicts are decided by the database's unique indexes, so parallel imports and sign-ups never give one email or one id to two users.
         *
         *     An import is a security event (`users_imported`, with the three counts), logged and stored in the event feed (`GET /events`, [events.md](events.md)).
         */
        post: operations["importUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Health: {
            /** @enum {string} */
            status: "ok" | "unavailable";
        };
        OpenApiDocument: {
            openapi: string;
        } & {
            [key: string]: unknown;
        };
        User: {
            id: string;
            /** @description Creation time, Unix seconds. */
            created_at: number;
            /** @description NFC, lower-cased; null when the user has none. */
            email: string | null;
            /** @description Set by verify-email, reset-password, verify-new-email and an email sign-in. While it is false, the first reset-password or email sign-in removes what the account had ([security.md](security.md#whoever-proves-the-address-owns-the-account)). */
            email_verified: boolean;
            /**
             * @deprecated
             * @description Deprecated: read totp_registered, which always has the same value.
             */
            registered_totp: boolean;
            /** @description Whether the user has a TOTP credential (the name @faroe/sdk reads). */
            totp_registered: boolean;
            /** @description The user's current recovery code. */
            recovery_code: string;
            /** @description The user's current password was found in the leak lists at a correct check after it was set; true until the password is set again (update or reset). Send the user to change it right away. */
            password_leaked: boolean;
            /** @description Whether the user has a password. A user made by an email code or an identity provider has none until a reset sets one: offer "set a password" rather than "change it". */
            password_set: boolean;
            /** @description An operator disabled the user (POST /users/{user_id}/disable): every way in answers 403 USER_DISABLED once its credential proved correct, and no session can be created. False again once enabled, or by itself once disabled_until has passed. */
            disabled: boolean;
            /** @description When the disable ends by itself, Unix seconds; null while enabled, and while disabled until enabled. */
            disabled_until: number | null;
        };
        CreatedPasswordResetRequest: {
            /** @description Once the request is verified, it is as good as a password: keep it secret. */
            id: string;
            user_id: string;
            created_at: number;
            /** @description `created_at` + 600. */
            expires_at: number;
            /** @description Whether the code was given back (`verify-email`). Only a verified request can reset a password. */
            email_verified: boolean;
            /** @description Only in the response that creates the request. Holm keeps a hash of it and never shows it again. */
            code: string;
        };
        PasswordResetRequest: {
            /** @description Once the request is verified, it is as good as a password: keep it secret. */
            id: string;
            user_id: string;
            created_at: number;
            /** @description `created_at` + 600. */
            expires_at: number;
            /** @description Whether the code was given back (`verify-email`). Only a verified request can reset a password. */
            email_verified: boolean;
        };
        EmailVerificationRequest: {
            /** @description The user. A user has at most one request; it has no identifier of its own: it is reached through its user. */
            user_id: string;
            created_at: number;
            /** @description `created_at` + 600. */
            expires_at: number;
            /** @description The code to send to the user. `GET` shows it again, so you can resend it. */
            code: string;
        };
        EmailUpdateRequest: {
            id: string;
            user_id: string;
            created_at: number;
            expires_at: number;
            /** @description The new address (NFC, lower-cased). */
            email: string;
            /** @description The code to send to the new address. */
            code: string;
        };
        VerifiedEmail: {
            email: string;
        };
        CreatedEmailSignInRequest: {
            /** @description With the code, it signs in: keep it out of logs. */
            id: string;
            /** @description The user who held the email when the request was made; null when nobody did. */
            user_id: string | null;
            /** @description NFC, lower-cased. */
            email: string;
            created_at: number;
            expires_at: number;
            code: string;
        };
        EmailSignInRequest: {
            /** @description With the code, it signs in: keep it out of logs. */
            id: string;
            /** @description The user who held the email when the request was made; null when nobody did. */
            user_id: string | null;
            /** @description NFC, lower-cased. */
            email: string;
            created_at: number;
            expires_at: number;
        };
        EmailSignIn: {
            /** @description The user signed in; null when nobody holds the email and create_user was not true. */
            user: components["schemas"]["User"] | null;
            /** @description True when this call created the user (create_user). */
            created: boolean;
            /** @description True when the user's email was not verified before this code: the code proved the address, and everything set up before it (password, TOTP, passkeys, sessions, pending requests) was removed and the recovery code replaced. Clear what your application keeps for the user too. */
            claimed: boolean;
        };
        TotpCredential: {
            user_id: string;
            created_at: number;
            /** @description Padded standard base64 of the key: 20 bytes, or 10 to 64 when imported. SHA-1, 6 digits, 30-second steps. A user has at most one credential; anyone holding the API secret can read it. */
            key: string;
        };
        RecoveryCode: {
            recovery_code: string;
        };
        PasskeyRegistration: {
            id: string;
            created_at: number;
            expires_at: number;
            user_id: string;
            /** @description PublicKeyCredentialCreationOptionsJSON: give it to PublicKeyCredential.parseCreationOptionsFromJSON(). */
            options: {
                rp: {
                    id: string;
                    name: string;
                };
                user: {
                    /** @description base64url without padding */
                    id: string;
                    name: string;
                    displayName: string;
                };
                /** @description base64url without padding */
                challenge: string;
                pubKeyCredParams: {
                    /** @constant */
                    type: "public-key";
                    alg: number;
                }[];
                timeout: number;
                excludeCredentials: components["schemas"]["PasskeyCredentialDescriptor"][];
                authenticatorSelection: {
                    /** @constant */
                    residentKey: "required";
                    /** @constant */
                    requireResidentKey: true;
                    /** @enum {string} */
                    userVerification: "required" | "preferred";
                };
                /** @constant */
                attestation: "none";
            };
        };
        PasskeyCredentialDescriptor: {
            /** @constant */
            type: "public-key";
            /** @description base64url without padding */
            id: string;
            transports?: string[];
        };
        Passkey: {
            id: string;
            user_id: string;
            name: string;
            created_at: number;
            /** @description null until the passkey is first used to sign in. */
            last_used_at: number | null;
            /** @description The authenticator may sync the passkey (a multi-device credential). */
            backup_eligible: boolean;
            /** @description The passkey is synced or backed up now (as of its last use). */
            backed_up: boolean;
            /** @description As the browser reported them at registration (usb, nfc, ble, internal, hybrid…). */
            transports: string[];
            /** @description The authenticator model, all zeros when it does not say. Not verified (no attestation). */
            aaguid: string;
        };
        PasskeyAuthentication: {
            id: string;
            created_at: number;
            expires_at: number;
            /** @description PublicKeyCredentialRequestOptionsJSON: give it to PublicKeyCredential.parseRequestOptionsFromJSON(). */
            options: {
                /** @description base64url without padding */
                challenge: string;
                timeout: number;
                rpId: string;
                allowCredentials: components["schemas"]["PasskeyCredentialDescriptor"][];
                /** @enum {string} */
                userVerification: "required" | "preferred";
            };
        };
        PasskeySignIn: {
            user: components["schemas"]["User"];
            passkey: components["schemas"]["Passkey"];
        };
        IdentityProvider: {
            name: string;
            /** @enum {string} */
            kind: "oidc" | "github" | "microsoft";
        };
        ExternalSignInRequest: {
            /** @description Keep it in an HttpOnly cookie of the browser you redirect: the callback is verified with it, in that browser only. */
            id: string;
            provider: string;
            /** @description Redirect the browser here. It carries a fresh state, a PKCE challenge (S256) and, for OpenID Connect, a nonce. */
            authorization_url: string;
            /** @description 10 minutes from now: the verify (and a link) must come before. */
            expires_at: number;
        };
        ExternalSignIn: {
            /**
             * @description signed_in: the identity's user. created: a new user (create_user). linked: added to the request's user, or to the email's holder (auto_link). link_required: another user holds the email: prove that user, then POST /external-sign-ins/{id}/link. unknown: nobody holds the identity or the email.
             * @enum {string}
             */
            outcome: "signed_in" | "created" | "linked" | "link_required" | "unknown";
            /** @description The user signed in, created or linked; for link_required, the email's holder, only when the provider verified the email. */
            user: components["schemas"]["User"] | null;
            identity: components["schemas"]["Identity"] | null;
            /** @description The email the provider gave (NFC, lower-cased), or null. */
            email: string | null;
            /** @description Whether the provider said it verified that email. */
            email_verified: boolean;
            /** @description The provider's access token, for your own calls to its API: in this answer only, never stored or shown again. */
            provider_tokens: {
                access_token: string;
                /** @description null when the provider did not say. */
                expires_at: number | null;
            };
        };
        Identity: {
            id: string;
            user_id: string;
            /** @description The provider it last came through. */
            provider: string;
            /** @description The provider's id of the person (with its issuer, what the identity is). */
            subject: string;
            /** @description What the provider last said; never moves the user's own email. */
            email: string | null;
            /** @description Whether the provider said it verified that address. */
            email_verified: boolean;
            created_at: number;
            /** @description null until it is used to sign in. */
            last_sign_in_at: number | null;
        };
        LinkedExternalSignIn: {
            /** @constant */
            outcome: "linked";
            user: components["schemas"]["User"];
            identity: components["schemas"]["Identity"];
        };
        CreatedSession: {
            session: components["schemas"]["Session"];
            /** @description `<session id>.<secret>`: returned once, never shown again. Keep it in an HttpOnly cookie. */
            token: string;
        };
        Session: {
            id: string;
            user_id: string;
            created_at: number;
            /** @description Written at most once a minute (once per tenth of the idle timeout when that is shorter than ten minutes). */
            last_used_at: number;
            /** @description The earlier of last_used_at + the idle timeout and created_at + the lifetime, with the values in force now. */
            expires_at: number;
            /** @description The address (canonical), or the string as sent when it is no address; null when none was sent. */
            client_ip: string | null;
            user_agent: string | null;
            /** @description When a second factor was verified for this session; null when never. */
            second_factor_verified_at: number | null;
            /** @description Neither this user agent nor this network (IPv4 /24, IPv6 /48) was on a session of the user in the last 90 days; false for the first session ever and when neither was sent. */
            new_device: boolean;
        };
        ValidatedSession: {
            session: components["schemas"]["Session"];
            user: components["schemas"]["User"];
        };
        EventPage: {
            events: {
                /** @description Also the webhook-id of its webhook delivery. */
                id: string;
                time: number;
                /** @enum {string} */
                type: "address_blocked" | "user_blocked" | "request_deleted_after_incorrect_codes" | "second_factor_locked" | "password_reset" | "password_changed" | "second_factor_reset" | "user_deleted" | "user_created" | "users_imported" | "sign_in" | "sign_in_failed" | "email_verified" | "email_changed" | "totp_registered" | "totp_deleted" | "recovery_code_regenerated" | "passkey_registered" | "passkey_deleted" | "passkey_counter_regressed" | "user_unblocked" | "user_disabled" | "user_enabled" | "requests_deleted" | "session_created" | "sessions_ended" | "account_claimed" | "identity_linked" | "identity_unlinked";
                user_id: string | null;
                /** @description The canonical client_ip of the call (v4:192.0.2.1, or v6:2001:db8::/64 for an IPv6 /64), or null. */
                client_ip: string | null;
                /** @description Details by type (limit, check, lock_seconds, request, method, previous_email, email); never a password, code, key, hash, secret or request id. */
                data: {
                    [key: string]: unknown;
                };
            }[];
            /** @description Give it as `after` to read on; the same cursor comes back while there is nothing newer. */
            next: string;
        };
        UserImportResult: {
            created: number;
            skipped: number;
            failed: number;
            /** @description One per row, in row order. */
            results: ({
                index: number;
                /** @constant */
                status: "created";
                user_id: string;
            } | {
                index: number;
                /** @constant */
                status: "skipped";
                /** @description The user who holds the row's email (else its id, else one of its passkeys, sessions or identities). */
                user_id: string;
            } | {
                index: number;
                /** @constant */
                status: "failed";
                /** @enum {string} */
                error: "INVALID_DATA" | "EMAIL_ALREADY_USED" | "ID_ALREADY_USED" | "UNSUPPORTED_PASSWORD_HASH" | "INVALID_PASSWORD_HASH" | "PASSKEY_ALREADY_REGISTERED" | "IDENTITY_IN_USE";
            })[];
        };
        CreateUserBody: {
            email?: string | null;
            /** @description A password being set: 8 to 127 characters, not in the leaked-password list ([passwords](#passwords)). */
            password: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        DisableUserBody: {
            reason?: string | null;
            /** @description When the disable ends by itself, in whole Unix seconds; in the future by Holm's store clock (the database's on PostgreSQL), else INVALID_DATA. Absent: until [enabled](#enable-a-user). */
            until?: number | null;
        };
        EnableUserBody: Record<string, never>;
        VerifyPasswordBody: {
            /** @description A password being checked ([passwords](#passwords)). */
            password: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        UpdatePasswordBody: {
            /** @description A password being checked ([passwords](#passwords)). */
            password: string;
            /** @description A password being set: 8 to 127 characters, not in the leaked-password list ([passwords](#passwords)). */
            new_password: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
            session_id?: string | null;
        };
        AuthenticateBody: {
            /** @description A valid [email address](#email-addresses); compared after normalisation. */
            email: string;
            /** @description A password being checked ([passwords](#passwords)). */
            password: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        CreatePasswordResetRequestBody: {
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyPasswordResetEmailBody: {
            code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        ResetPasswordBody: {
            /** @description A verified password reset request. */
            request_id: string;
            /** @description A password being set: 8 to 127 characters, not in the leaked-password list ([passwords](#passwords)). */
            password: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        CreateEmailVerificationRequestBody: {
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyEmailBody: {
            code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        CreateEmailUpdateRequestBody: {
            /** @description A valid [email address](#email-addresses); compared after normalisation. */
            email: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyNewEmailBody: {
            request_id: string;
            code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
            session_id?: string | null;
        };
        CreateEmailSignInBody: {
            /** @description A valid [email address](#email-addresses); compared after normalisation. */
            email: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyEmailSignInBody: {
            code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
            /** @description Default false. When nobody holds the email, create a passwordless user with it (verified). */
            create_user?: boolean | null;
        };
        RegisterTotpBody: {
            key?: string | null;
            totp_key?: string | null;
            code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyTotpBody: {
            code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
            session_id?: string | null;
        };
        RegenerateRecoveryCodeBody: Record<string, never>;
        ResetTwoFactorBody: {
            recovery_code: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
            session_id?: string | null;
        };
        StartPasskeyRegistrationBody: {
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyPasskeyRegistrationBody: {
            credential: {
                id: string;
                rawId: string;
                type: string;
                response: {
                    clientDataJSON: string;
                    attestationObject: string;
                    transports?: string[] | null;
                };
            };
            name?: string | null;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        StartPasskeyAuthenticationBody: {
            user_id?: string | null;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        VerifyPasskeyAuthenticationBody: {
            credential: {
                id: string;
                rawId: string;
                type: string;
                response: {
                    clientDataJSON: string;
                    authenticatorData: string;
                    signature: string;
                    userHandle?: string | null;
                };
            };
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        StartExternalSignInBody: {
            /** @description The name of a configured provider (GET /identity-providers). */
            provider: string;
            /** @description A signed-in user to add the identity to (an "add a sign-in method" button), instead of signing in. */
            user_id?: string | null;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        /** @description The callback's query parameters, relayed: `code` or `error` is required. */
        VerifyExternalSignInBody: {
            /** @description The callback's `state`. */
            state: string;
            /** @description The callback's `code`; absent when the provider sent an `error`. */
            code?: string | null;
            /** @description The callback's `error`, when the provider sent one (the user cancelled, say). */
            error?: string | null;
            /** @description The callback's `iss` (RFC 9207), when the provider sent one. */
            iss?: string | null;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
            /** @description Default false. When nobody holds the identity or the email, create a user with them. */
            create_user?: boolean | null;
        };
        LinkExternalSignInBody: {
            /** @description The user the application has just proved (the verify's `user`), who holds the email. */
            user_id: string;
            /** @description Your end user's address, for the per-address limits and the events; see [`client_ip`](#client_ip). */
            client_ip?: string | null;
        };
        CreateSessionBody: {
            client_ip?: string | null;
            user_agent?: string | null;
            second_factor_verified?: boolean | null;
        };
        ValidateSessionBody: {
            token: string;
        };
        UnblockUserBody: Record<string, never>;
        ImportUsersBody: {
            users: {
                /** @description A Holm identifier (24 characters of the identifier alphabet), kept as given, so ids your application stores stay valid; absent: a new one. */
                id?: string | null;
                /** @description The rules of [email addresses](#email-addresses); stored in NFC, lower-cased. */
                email?: string | null;
                /** @description Default false. */
                email_verified?: boolean | null;
                /** @description Whole Unix seconds, not in the future (up to an hour ahead of the server's clock is stored as now; further fails the row); default now. */
                created_at?: number | null;
                /** @description One of the forms of docs/import.md, checked against its cost bounds and never computed at import; null or absent: a user without a password, whose every password check is INCORRECT_PASSWORD until a password reset sets one. */
                password_hash?: string | null;
                /** @description Standard base64 of 10 to 64 bytes (SHA-1, 6 digits, 30-second steps), registered as the TOTP credential. */
                totp_key?: string | null;
                /** @description 8 characters of the code alphabet, any case; absent: a new one. */
                recovery_code?: string | null;
                /** @description At most 10, registered to the user as they are (docs/import.md); a credential id already registered is a conflict like a taken email. */
                passkeys?: {
                    /** @description A Holm identifier, kept; absent: a new one. */
                    id?: string | null;
                    /** @description Base64url (no padding) of the credential id, 1 to 1,023 bytes; unique among every user's passkeys. */
                    credential_id: string;
                    /** @description Standard base64 of the public key as SubjectPublicKeyInfo (DER), which WebCrypto must import for `algorithm` and which must pass a registration's key rules ([passkeys.md](passkeys.md#what-holm-checks)). */
                    public_key: string;
                    /** @description COSE algorithm: -7 ES256, -8 EdDSA (Ed25519), -257 RS256 (a 2,048 to 4,096-bit modulus, exponent 65537; EdDSA keys of small order are refused). */
                    algorithm: -7 | -8 | -257;
                    /** @description The signature counter last seen; the next sign-in must exceed it (when either is non-zero), so a clone is still caught after a move. */
                    sign_count: number;
                    /** @description The rule of a registration's name (1 to 64 characters, not only spaces, no control characters (NUL included) or lone surrogates); default "Passkey". */
                    name?: string | null;
                    /** @description Whole Unix seconds, not in the future (up to an hour ahead is stored as now); default now. */
                    created_at?: number | null;
                    /** @description Whole Unix seconds, not in the future (up to an hour ahead is stored as now); null or absent: never used. */
                    last_used_at?: number | null;
                    /** @description Default false. */
                    backup_eligible?: boolean | null;
                    /** @description Default false; true only with backup_eligible. */
                    backed_up?: boolean | null;
                    /** @description As the authenticator reported them, by the rule of a registration (at most 16, each 1 to 32 characters with no control characters or lone surrogates); default none. */
                    transports?: string[] | null;
                    /** @description The authenticator model, as a UUID; default all zero. */
                    aaguid?: string | null;
                }[] | null;
                /** @description Base64url of the user handle (1 to 64 bytes) the user's passkeys were made with; so that discoverable sign-ins keep working; absent: a new one when first needed. */
                passkey_user_handle?: string | null;
                /** @description The user's live sessions as `holm export` wrote them, restored so that a move signs no one out; a session id already taken is a conflict like a taken id. */
                sessions?: {
                    /** @description The session's identifier, kept: its token stays valid. */
                    id: string;
                    /** @description Base64url (no padding) of the SHA-256 of the token's secret: 32 bytes. */
                    digest: string;
                    /** @description Whole Unix seconds, not in the future. */
                    created_at: number;
                    /** @description Whole Unix seconds, not before created_at nor in the future. */
                    last_used_at: number;
                    client_ip?: string | null;
                    user_agent?: string | null;
                    second_factor_verified_at?: number | null;
                }[] | null;
                /** @description An operator's disable (API.md section 18): 0 until enabled, else the time it ends; absent: enabled. An end that has passed imports an enabled user. A row disabled now carries no sessions (disabling ended them), else INVALID_DATA. */
                disabled_until?: number | null;
                /** @description The disable's reason, at most 200 code points; only with disabled_until. */
                disabled_reason?: string | null;
                /** @description The user's identities at identity providers as `holm export` wrote them; one held already (its id, or its issuer and subject) is a conflict (IDENTITY_IN_USE). */
                identities?: {
                    /** @description A Holm identifier, kept; absent: a new one. */
                    id?: string | null;
                    /** @description The name of the provider it came through (a label: it need not be configured here). */
                    provider: string;
                    /** @description The provider's issuer: with the subject, what the identity is. */
                    issuer: string;
                    /** @description The provider's id of the person: printable ASCII, at most 255 characters. */
                    subject: string;
                    /** @description What the provider last said; NFC, lower-cased. */
                    email?: string | null;
                    /** @description Whether the provider verified that email; default false. */
                    email_verified?: boolean | null;
                    name?: string | null;
                    /** @description Whole Unix seconds, not in the future (up to an hour ahead is stored as now); default now. */
                    created_at?: number | null;
                    /** @description Whole Unix seconds, not in the future; null or absent: never used to sign in. */
                    last_sign_in_at?: number | null;
                }[] | null;
            }[];
            /** @description What a row whose email, id or a passkey's credential id is taken gets: `error` (default) fails it, `skip` skips it and names the user who holds it. */
            on_conflict?: ("error" | "skip") | null;
        };
        Error: {
            /** @enum {string} */
            error: "INVALID_DATA" | "WEAK_PASSWORD" | "TOO_MANY_REQUESTS" | "INCORRECT_CODE" | "INCORRECT_PASSWORD" | "INVALID_REQUEST" | "EMAIL_ALREADY_USED" | "NOT_ALLOWED" | "INVALID_CREDENTIAL" | "PASSKEY_ALREADY_REGISTERED" | "IDENTITY_IN_USE" | "EMAIL_NOT_VERIFIED" | "NOT_AUTHENTICATED" | "USER_DISABLED" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "NOT_ACCEPTABLE" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNKNOWN_ERROR" | "PROVIDER_ERROR" | "UNAVAILABLE";
        };
    };
    responses: {
        /** @description The Authorization header is missing or does not hold an accepted secret. */
        NOT_AUTHENTICATED: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "NOT_AUTHENTICATED";
                };
            };
        };
        /** @description An operator disabled the user (POST /users/{user_id}/disable). Answered only once the credential has proved correct: a wrong one answers as for anyone. The proof (a code, a passkey ceremony) is used up. */
        USER_DISABLED: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "USER_DISABLED";
                };
            };
        };
        /** @description The user or request named in the path does not exist or has expired (on /authenticate/password: no user has that address). */
        NOT_FOUND: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "NOT_FOUND";
                };
            };
        };
        /** @description The path exists, but not with this method. */
        METHOD_NOT_ALLOWED: {
            headers: {
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "METHOD_NOT_ALLOWED";
                };
            };
        };
        /** @description The Accept header allows neither application/json, application/* nor *\/*. */
        NOT_ACCEPTABLE: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "NOT_ACCEPTABLE";
                };
            };
        };
        /** @description The body is larger than 64 KiB (4 MiB for POST /user-imports). */
        PAYLOAD_TOO_LARGE: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "PAYLOAD_TOO_LARGE";
                };
            };
        };
        /** @description The Content-Type is neither application/json nor text/plain. */
        UNSUPPORTED_MEDIA_TYPE: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "UNSUPPORTED_MEDIA_TYPE";
                };
            };
        };
        /** @description Something failed inside Holm; details go to its log, never to the response. */
        UNKNOWN_ERROR: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "UNKNOWN_ERROR";
                };
            };
        };
        /** @description The identity provider answered an error, or could not be reached in time. */
        PROVIDER_ERROR: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "PROVIDER_ERROR";
                };
            };
        };
        /** @description Holm cannot serve the call now: password hashing could not start within 5 seconds, or (PostgreSQL) the database did not answer in time. Retry after `Retry-After` seconds. */
        UNAVAILABLE: {
            headers: {
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @enum {string} */
                    error: "UNAVAILABLE";
                };
            };
        };
    };
    parameters: {
        /**
         * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
         * @example eeidmqmvdtjhaddujv8twjug
         */
        user_id: string;
        /**
         * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
         * @example xkmtyqnsfd5w7hbq2g9cp6ra
         */
        request_id: string;
        /**
         * @description The passkey ceremony's identifier (the `id` its start answered). A value that cannot be an identifier answers 404 NOT_FOUND.
         * @example q4mzp7hbxk2c9tnwdj3rfv8s
         */
        ceremony_id: string;
        /**
         * @description The passkey's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
         * @example h7cw2n4kpq9xrzt3mbd8vjfe
         */
        passkey_id: string;
        /**
         * @description The session's identifier (the part of its token before the dot). A value that cannot be an identifier answers 404 NOT_FOUND.
         * @example q7kd2mzx9rbwtn4fhv3cy8ps
         */
        session_id: string;
        /**
         * @description The identity's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
         * @example v8kc3nqx7mwd2hzt9bpr4fjs
         */
        identity_id: string;
    };
    requestBodies: never;
    headers: {
        /** @description The methods the path has, comma-separated (`GET, POST`). */
        Allow: string;
        /** @description Whole seconds until the refused call could succeed (with TOO_MANY_REQUESTS and UNAVAILABLE). */
        "Retry-After": number;
        /** @description Number of users that match. */
        "X-Pagination-Total": number;
        /** @description ceil(total / per_page); 0 when nothing matches. */
        "X-Pagination-Total-Pages": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{"status":"ok"}`: the database answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            /** @description `{"status":"unavailable"}`: the database does not answer (within about 2 seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unavailable"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Prometheus text exposition format, version 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP holm_password_hashing_running Argon2id hashes and verifications running now.
                     *     # TYPE holm_password_hashing_running gauge
                     *     holm_password_hashing_running 0
                     */
                    "text/plain": string;
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 description of this API. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.1",
                     *       "info": {
                     *         "title": "Holm",
                     *         "version": "0.1.0"
                     *       },
                     *       "paths": {}
                     *     }
                     */
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Ties in created_at are broken by id. */
                sort_by?: "created_at" | "id";
                sort_order?: "ascending" | "descending";
                /** @description Larger values are capped at 100. */
                per_page?: number;
                page?: number;
                /** @description Keeps users whose email contains this text, ignoring case. Matched literally (no wildcards). Users without an email never match a non-empty query. */
                email_query?: string;
                /** @description Keeps only the user whose email is exactly this address, after the same normalisation as stored addresses (NFC, lower-cased). Uses the unique index. An empty or invalid value matches no user. */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users, empty when the page holds none. */
            200: {
                headers: {
                    "X-Pagination-Total": components["headers"]["X-Pagination-Total"];
                    "X-Pagination-Total-Pages": components["headers"]["X-Pagination-Total-Pages"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "email": "cat@example.com",
                     *         "email_verified": false,
                     *         "registered_totp": false,
                     *         "totp_registered": false,
                     *         "recovery_code": "4UHZRTWP",
                     *         "password_leaked": false,
                     *         "password_set": true,
                     *         "disabled": false,
                     *         "disabled_until": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["User"][];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "cat@example.com",
                 *       "password": "tabby-kettle-orbit-91",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["CreateUserBody"];
            };
        };
        responses: {
            /** @description The new user, with email_verified false and no TOTP credential. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "email": "cat@example.com",
                     *       "email_verified": false,
                     *       "registered_totp": false,
                     *       "totp_registered": false,
                     *       "recovery_code": "4UHZRTWP",
                     *       "password_leaked": false,
                     *       "password_set": true,
                     *       "disabled": false,
                     *       "disabled_until": null
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `password` missing or not 8–127 characters; `email` invalid; `client_ip` not a string of at most 64 characters.
             *     - `TOO_MANY_REQUESTS`: The address's password-hashing bucket is empty. `Retry-After` says when.
             *     - `EMAIL_ALREADY_USED`: Another user has that address.
             *     - `WEAK_PASSWORD`: A password being set is in the leaked-password list.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "EMAIL_ALREADY_USED" | "WEAK_PASSWORD";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            /** @description Unexpected failure; with `--leak-check online --leak-fail closed`, also when the leak API cannot be reached. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "UNKNOWN_ERROR";
                    };
                };
            };
            /** @description Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time). `Retry-After` says when to retry. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "UNAVAILABLE";
                    };
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "email": "cat@example.com",
                     *       "email_verified": false,
                     *       "registered_totp": false,
                     *       "totp_registered": false,
                     *       "recovery_code": "4UHZRTWP",
                     *       "password_leaked": false,
                     *       "password_set": true,
                     *       "disabled": false,
                     *       "disabled_until": null
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. The address is free at once. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    disableUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "reason": "Chargeback dispute #4411; see the ticket",
                 *       "until": 1729993338
                 *     }
                 */
                "application/json": components["schemas"]["DisableUserBody"];
            };
        };
        responses: {
            /** @description The user, disabled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "email": "cat@example.com",
                     *       "email_verified": false,
                     *       "registered_totp": false,
                     *       "totp_registered": false,
                     *       "recovery_code": "4UHZRTWP",
                     *       "password_leaked": false,
                     *       "password_set": true,
                     *       "disabled": true,
                     *       "disabled_until": 1729993338
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description `reason` not a string or over 200 code points; `until` not a whole number, or not in the future. Nothing changes. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    enableUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["EnableUserBody"];
            };
        };
        responses: {
            /** @description The user, enabled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "email": "cat@example.com",
                     *       "email_verified": false,
                     *       "registered_totp": false,
                     *       "totp_registered": false,
                     *       "recovery_code": "4UHZRTWP",
                     *       "password_leaked": false,
                     *       "password_set": true,
                     *       "disabled": false,
                     *       "disabled_until": null
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description A body that is not a JSON object. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "tabby-kettle-orbit-91",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyPasswordBody"];
            };
        };
        responses: {
            /** @description The password is correct. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `password` missing, not a string, or longer than 1024 characters; bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: The address's hashing bucket is empty, the address is blocked after 5 incorrect passwords, or the user is blocked after 10 incorrect passwords. `Retry-After` says when.
             *     - `INCORRECT_PASSWORD`: The password is wrong.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "INCORRECT_PASSWORD";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description The password is right, but an operator [disabled](#disable-a-user) the user. Told only after a correct password; a `sign_in_failed` event with `"reason": "user_disabled"`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "USER_DISABLED";
                    };
                };
            };
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            /** @description Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "UNAVAILABLE";
                    };
                };
            };
        };
    };
    updatePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "tabby-kettle-orbit-91",
                 *       "new_password": "lantern-quince-harbor-27",
                 *       "client_ip": "203.0.113.7",
                 *       "session_id": "q7kd2mzx9rbwtn4fhv3cy8ps"
                 *     }
                 */
                "application/json": components["schemas"]["UpdatePasswordBody"];
            };
        };
        responses: {
            /** @description Changed; the user's password reset and email update requests are deleted, and every session but `session_id` ends. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: A field missing; `new_password` not 8–127 characters; `password` longer than 1024; bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: As for [verify-password](#verify-a-password).
             *     - `WEAK_PASSWORD`: `new_password` is in the leaked-password list.
             *     - `INCORRECT_PASSWORD`: `password` is wrong, or the password changed during the call.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "WEAK_PASSWORD" | "INCORRECT_PASSWORD";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such user, or `session_id` is not a live session of this user (judged first; nothing changes). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            /** @description Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "UNAVAILABLE";
                    };
                };
            };
        };
    };
    authenticateWithPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "Cat@Example.com",
                 *       "password": "tabby-kettle-orbit-91",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["AuthenticateBody"];
            };
        };
        responses: {
            /** @description The user. When totp_registered is true, ask for a TOTP code before creating a session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "email": "cat@example.com",
                     *       "email_verified": false,
                     *       "registered_totp": false,
                     *       "totp_registered": false,
                     *       "recovery_code": "4UHZRTWP",
                     *       "password_leaked": false,
                     *       "password_set": true,
                     *       "disabled": false,
                     *       "disabled_until": null
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `email` missing or invalid; `password` missing or longer than 1024 characters; bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: As for [verify-password](#verify-a-password).
             *     - `INCORRECT_PASSWORD`: The password is wrong.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "INCORRECT_PASSWORD";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description The password is right, but an operator [disabled](#disable-a-user) the user. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "USER_DISABLED";
                    };
                };
            };
            /** @description No user has that address. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            /** @description Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "UNAVAILABLE";
                    };
                };
            };
        };
    };
    listUserPasswordResetRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's live requests, oldest first, without codes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "xkmtyqnsfd5w7hbq2g9cp6ra",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "expires_at": 1728784338,
                     *         "email_verified": false
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PasswordResetRequest"][];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    createPasswordResetRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["CreatePasswordResetRequestBody"];
            };
        };
        responses: {
            /** @description The request with its code; the code appears only here. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "xkmtyqnsfd5w7hbq2g9cp6ra",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "email_verified": false,
                     *       "code": "V3XVZYXW"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedPasswordResetRequest"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: Bad `client_ip`; body not an object.
             *     - `TOO_MANY_REQUESTS`: 3 reset requests for this user in the last 15 minutes, or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteUserPasswordResetRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, also when the user had none. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    getPasswordResetRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request, without its code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "xkmtyqnsfd5w7hbq2g9cp6ra",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "email_verified": false
                     *     }
                     */
                    "application/json": components["schemas"]["PasswordResetRequest"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deletePasswordResetRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyPasswordResetRequestEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "v3xvzyxw",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyPasswordResetEmailBody"];
            };
        };
        responses: {
            /** @description The request's email_verified is now true; it can reset the password. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `code` missing, not a string, or longer than 64 characters.
             *     - `INCORRECT_CODE`: The code is wrong. The 5th incorrect code deletes the request; that answer is still `INCORRECT_CODE`, and later calls answer `NOT_FOUND`.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "INCORRECT_CODE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such request, or it has expired, been used, or been deleted after 5 incorrect codes. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "xkmtyqnsfd5w7hbq2g9cp6ra",
                 *       "password": "lantern-quince-harbor-27",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["ResetPasswordBody"];
            };
        };
        responses: {
            /** @description The password is set, the user's email_verified becomes true, and the user's reset and email update requests are deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: A field missing; `password` not 8–127 characters; `request_id` longer than 64; bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: The address's password-hashing bucket is empty.
             *     - `INVALID_REQUEST`: No such request, it has expired, or its code has not been verified yet.
             *     - `WEAK_PASSWORD`: A password being set is in the leaked-password list.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "INVALID_REQUEST" | "WEAK_PASSWORD";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            /** @description Password hashing could not start within 5 seconds (on PostgreSQL also: the database did not answer in time). */
            503: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "UNAVAILABLE";
                    };
                };
            };
        };
    };
    getEmailVerificationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live request, with its code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "code": "LC5LZV7H"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailVerificationRequest"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    createEmailVerificationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["CreateEmailVerificationRequestBody"];
            };
        };
        responses: {
            /** @description The request; it replaces the user's previous one, whose code stops working. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "code": "LC5LZV7H"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailVerificationRequest"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: Bad `client_ip`; body not an object.
             *     - `TOO_MANY_REQUESTS`: 3 verification requests for this user in the last 15 minutes, or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteEmailVerificationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "LC5LZV7H"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyEmailBody"];
            };
        };
        responses: {
            /** @description The user's email_verified is now true; the request is consumed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `code` missing, not a string, or longer than 64 characters.
             *     - `NOT_ALLOWED`: The user has no live request: none was created, it expired, it was used, or 5 incorrect codes deleted it. Create a new one.
             *     - `INCORRECT_CODE`: The code is wrong. The 5th incorrect code deletes the request.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "NOT_ALLOWED" | "INCORRECT_CODE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listUserEmailUpdateRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's live requests, oldest first, with codes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "p3hw8rvmz6dqkc2tyn4bsfxe",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "expires_at": 1728784338,
                     *         "email": "kitten@example.com",
                     *         "code": "9U6UE4HG"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EmailUpdateRequest"][];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    createEmailUpdateRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "kitten@example.com",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["CreateEmailUpdateRequestBody"];
            };
        };
        responses: {
            /** @description The request; send its code to the **new** address. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "p3hw8rvmz6dqkc2tyn4bsfxe",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "email": "kitten@example.com",
                     *       "code": "9U6UE4HG"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailUpdateRequest"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `email` missing or invalid; bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: 3 update requests for this user in the last 15 minutes, or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.
             *     - `EMAIL_ALREADY_USED`: A user (this one included) has that address. The attempt still counts towards the 3 per 15 minutes.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "EMAIL_ALREADY_USED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteUserEmailUpdateRequests: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, also when the user had none. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    getEmailUpdateRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request, with its code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "p3hw8rvmz6dqkc2tyn4bsfxe",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "email": "kitten@example.com",
                     *       "code": "9U6UE4HG"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailUpdateRequest"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteEmailUpdateRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyNewEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "request_id": "p3hw8rvmz6dqkc2tyn4bsfxe",
                 *       "code": "9U6UE4HG",
                 *       "session_id": "q7kd2mzx9rbwtn4fhv3cy8ps"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyNewEmailBody"];
            };
        };
        responses: {
            /** @description The user's new, verified address. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "kitten@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["VerifiedEmail"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: A field missing, not a string, or longer than 64 characters.
             *     - `INVALID_REQUEST`: No such request, or it has expired or been deleted after 5 incorrect codes.
             *     - `INCORRECT_CODE`: The code is wrong. The 5th incorrect code deletes the request.
             *     - `EMAIL_ALREADY_USED`: Another user took the address after the request was made. The request is kept; the user may pick another address.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "INVALID_REQUEST" | "INCORRECT_CODE" | "EMAIL_ALREADY_USED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description `session_id` is not a live session of the request's user (judged first; nothing changes). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    createEmailSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "Cat@Example.com",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["CreateEmailSignInBody"];
            };
        };
        responses: {
            /** @description The request with its code; the code appears only here. It lives 10 minutes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "w7dn3kqzcx9m4rbt2hpv6fsj",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "email": "cat@example.com",
                     *       "code": "K7QMWD3R"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedEmailSignInRequest"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `email` missing or invalid; bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: 3 requests for this address in the last 15 minutes (counted whether or not a user holds it), or 10 reset, verification, update and email sign-in requests from this address. `Retry-After` says when.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    getEmailSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request, without its code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "w7dn3kqzcx9m4rbt2hpv6fsj",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784338,
                     *       "email": "cat@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["EmailSignInRequest"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteEmailSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; its code no longer works. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyEmailSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "k7qmwd3r",
                 *       "client_ip": "203.0.113.7",
                 *       "create_user": true
                 *     }
                 */
                "application/json": components["schemas"]["VerifyEmailSignInBody"];
            };
        };
        responses: {
            /** @description The user (null when nobody holds the email and create_user was not true), and whether this call created it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "email": "cat@example.com",
                     *         "email_verified": true,
                     *         "registered_totp": false,
                     *         "totp_registered": false,
                     *         "recovery_code": "4UHZRTWP",
                     *         "password_leaked": false,
                     *         "password_set": true,
                     *         "disabled": false,
                     *         "disabled_until": null
                     *       },
                     *       "created": false,
                     *       "claimed": false
                     *     }
                     */
                    "application/json": components["schemas"]["EmailSignIn"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `code` missing or not a string; `create_user` not a boolean; bad `client_ip`.
             *     - `INVALID_REQUEST`: No such request, or it has expired, been used, replaced by a newer one, or deleted (also after 5 incorrect codes); or the user it named no longer holds the address.
             *     - `INCORRECT_CODE`: The code is wrong (a `sign_in_failed` event). The 5th incorrect code deletes the request; that answer is still `INCORRECT_CODE`.
             *     - `EMAIL_ALREADY_USED`: The request named nobody, and a user has taken the address since. The request is used up; ask for a new one.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "INVALID_REQUEST" | "INCORRECT_CODE" | "EMAIL_ALREADY_USED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description The code is right, but an operator [disabled](#disable-a-user) the user. The request is used up; the address is not marked verified and an unverified account is not claimed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "USER_DISABLED";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    registerTotp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "key": "yAJAlsS3YKRnUpvuQxqFvAv6bpw=",
                 *       "code": "492039"
                 *     }
                 */
                "application/json": components["schemas"]["RegisterTotpBody"];
            };
        };
        responses: {
            /** @description The credential; it replaces an earlier one. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "key": "yAJAlsS3YKRnUpvuQxqFvAv6bpw="
                     *     }
                     */
                    "application/json": components["schemas"]["TotpCredential"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `key` missing or not base64 of 20 bytes; `code` missing, not a string, or longer than 64 characters.
             *     - `INCORRECT_CODE`: The code does not match the key (one 30-second step of drift either way is accepted).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "INCORRECT_CODE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    getTotpCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credential, key included. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "key": "yAJAlsS3YKRnUpvuQxqFvAv6bpw="
                     *     }
                     */
                    "application/json": components["schemas"]["TotpCredential"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteTotpCredential: {
        parameters: {
            query?: {
                /** @description A live session of this user that stays signed in; NOT_FOUND (and nothing changes) when it is not one. */
                session_id?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description TOTP is off for the user. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such user, the user has no credential, or `session_id` is not a live session of this user (judged first; nothing changes). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyTotp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "118315",
                 *       "session_id": "q7kd2mzx9rbwtn4fhv3cy8ps"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyTotpBody"];
            };
        };
        responses: {
            /** @description The code is right. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `code` missing, not a string, or longer than 64 characters.
             *     - `TOO_MANY_REQUESTS`: The check is locked after 5 incorrect codes in a row, even for the right code. `Retry-After` says when it unlocks.
             *     - `NOT_ALLOWED`: The user has no TOTP credential.
             *     - `INCORRECT_CODE`: The code is wrong or was already used.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "NOT_ALLOWED" | "INCORRECT_CODE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    regenerateRecoveryCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["RegenerateRecoveryCodeBody"];
            };
        };
        responses: {
            /** @description The user's new recovery code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "recovery_code": "EVCSADKF"
                     *     }
                     */
                    "application/json": components["schemas"]["RecoveryCode"];
                };
            };
            /** @description A body that is not a JSON object. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    resetTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "recovery_code": "4UHZRTWP",
                 *       "session_id": "q7kd2mzx9rbwtn4fhv3cy8ps"
                 *     }
                 */
                "application/json": components["schemas"]["ResetTwoFactorBody"];
            };
        };
        responses: {
            /** @description A new recovery code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "recovery_code": "P626KJLY"
                     *     }
                     */
                    "application/json": components["schemas"]["RecoveryCode"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: `recovery_code` missing, not a string, or longer than 64 characters.
             *     - `TOO_MANY_REQUESTS`: The check is locked after 5 incorrect codes in a row. `Retry-After` says when it unlocks.
             *     - `INCORRECT_CODE`: The recovery code is wrong.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS" | "INCORRECT_CODE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such user, or `session_id` is not a live session of this user (judged first; nothing changes). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    startPasskeyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["StartPasskeyRegistrationBody"];
            };
        };
        responses: {
            /** @description The ceremony and its PublicKeyCredentialCreationOptions JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "q4mzp7hbxk2c9tnwdj3rfv8s",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "expires_at": 1728784038,
                     *       "options": {
                     *         "rp": {
                     *           "id": "example.com",
                     *           "name": "Example"
                     *         },
                     *         "user": {
                     *           "id": "kK0vF0r2XPX8rDwD3qxQ5mZ9Yj2uA8oCz7TQbO1Hh4E",
                     *           "name": "cat@example.com",
                     *           "displayName": "cat@example.com"
                     *         },
                     *         "challenge": "7dBX0dQm8C5zJ0cQk4oG1dM4w2Jt5YQ6kqYV0p1g8bE",
                     *         "pubKeyCredParams": [
                     *           {
                     *             "type": "public-key",
                     *             "alg": -7
                     *           },
                     *           {
                     *             "type": "public-key",
                     *             "alg": -8
                     *           },
                     *           {
                     *             "type": "public-key",
                     *             "alg": -257
                     *           }
                     *         ],
                     *         "timeout": 300000,
                     *         "excludeCredentials": [],
                     *         "authenticatorSelection": {
                     *           "residentKey": "required",
                     *           "requireResidentKey": true,
                     *           "userVerification": "required"
                     *         },
                     *         "attestation": "none"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PasskeyRegistration"];
                };
            };
            /**
             * @description One of:
             *
             *     - `NOT_ALLOWED`: The user has 10 passkeys already; or passkeys are off.
             *     - `INVALID_DATA`: A bad `client_ip`.
             *     - `TOO_MANY_REQUESTS`: `client_ip` is blocked for incorrect passwords or failed assertions.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED" | "INVALID_DATA" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyPasskeyRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The passkey ceremony's identifier (the `id` its start answered). A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example q4mzp7hbxk2c9tnwdj3rfv8s
                 */
                ceremony_id: components["parameters"]["ceremony_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credential": {
                 *         "id": "0MqlP5hUEaVQZ6pcneK9zbs7AAo",
                 *         "rawId": "0MqlP5hUEaVQZ6pcneK9zbs7AAo",
                 *         "type": "public-key",
                 *         "response": {
                 *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiN2RCWDBkUW04QzV6SjBjUWs0b0cxZE00dzJKdDVZUTZrcVlWMHAxZzhiRSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
                 *           "attestationObject": "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViYo3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUddAAAAAPv8MAcVTk7MjAtuAgVX170AFNDKpT-YVBGlUGeqXJ3ivc27OwAKpQECAyYgASFYIN9_Sb0f43hFJapkN-5oSldgzamlEh223VM_e6LzZR3RIlggw0-YY7bK9oiA5Vzu1Ox8wkxGNpkwUaySP-7OUZAHeHE",
                 *           "transports": [
                 *             "hybrid",
                 *             "internal"
                 *           ]
                 *         }
                 *       },
                 *       "name": "My iPhone",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyPasskeyRegistrationBody"];
            };
        };
        responses: {
            /** @description The new passkey. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "h7cw2n4kpq9xrzt3mbd8vjfe",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "name": "My iPhone",
                     *       "created_at": 1728783758,
                     *       "last_used_at": null,
                     *       "backup_eligible": true,
                     *       "backed_up": true,
                     *       "transports": [
                     *         "hybrid",
                     *         "internal"
                     *       ],
                     *       "aaguid": "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"
                     *     }
                     */
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /**
             * @description One of:
             *
             *     - `NOT_ALLOWED`: The user reached 10 passkeys meanwhile; or passkeys are off.
             *     - `INVALID_DATA`: The body is not of this shape (the ceremony is kept).
             *     - `INVALID_REQUEST`: The ceremony does not exist, has expired or was used.
             *     - `INVALID_CREDENTIAL`: A check failed (see [passkeys.md](passkeys.md#what-holm-checks)).
             *     - `PASSKEY_ALREADY_REGISTERED`: The credential is registered already, to this or another user.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED" | "INVALID_DATA" | "INVALID_REQUEST" | "INVALID_CREDENTIAL" | "PASSKEY_ALREADY_REGISTERED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    startPasskeyAuthentication: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["StartPasskeyAuthenticationBody"];
            };
        };
        responses: {
            /** @description The ceremony and its PublicKeyCredentialRequestOptions JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "vnd3sb5hpc7w2mzq8k4tx9ea",
                     *       "created_at": 1728783858,
                     *       "expires_at": 1728784158,
                     *       "options": {
                     *         "challenge": "Q2m3pV0kYtq5s9Y3vTzJb6N8hH1aW4eR7uC0xL2dF5g",
                     *         "timeout": 300000,
                     *         "rpId": "example.com",
                     *         "allowCredentials": [],
                     *         "userVerification": "required"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PasskeyAuthentication"];
                };
            };
            /**
             * @description One of:
             *
             *     - `NOT_ALLOWED`: The operation does not apply in the current state.
             *     - `INVALID_DATA`: `user_id` or `client_ip` is not a string.
             *     - `TOO_MANY_REQUESTS`: `client_ip`, or the named user, is blocked for incorrect passwords or failed assertions.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED" | "INVALID_DATA" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description `user_id` names no user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyPasskeyAuthentication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The passkey ceremony's identifier (the `id` its start answered). A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example q4mzp7hbxk2c9tnwdj3rfv8s
                 */
                ceremony_id: components["parameters"]["ceremony_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "credential": {
                 *         "id": "0MqlP5hUEaVQZ6pcneK9zbs7AAo",
                 *         "rawId": "0MqlP5hUEaVQZ6pcneK9zbs7AAo",
                 *         "type": "public-key",
                 *         "response": {
                 *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiUTJtM3BWMGtZdHE1czlZM3ZUekpiNk44aEgxYVc0ZVI3dUMweEwyZEY1ZyIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
                 *           "authenticatorData": "o3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUcdAAAAAA",
                 *           "signature": "MEUCIQD-rVEHECzxZ00GV3FN09_CxlS8fSBYc5S3boPLNzNfGgIgXJySXHjZosCQ_tLQrEsOzksqSt5lbl7a8YlJJr1cM0E",
                 *           "userHandle": "kK0vF0r2XPX8rDwD3qxQ5mZ9Yj2uA8oCz7TQbO1Hh4E"
                 *         }
                 *       },
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["VerifyPasskeyAuthenticationBody"];
            };
        };
        responses: {
            /** @description The user signed in, and the passkey used (its last_used_at now). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "email": "cat@example.com",
                     *         "email_verified": false,
                     *         "registered_totp": false,
                     *         "totp_registered": false,
                     *         "recovery_code": "4UHZRTWP",
                     *         "password_leaked": false,
                     *         "password_set": true,
                     *         "disabled": false,
                     *         "disabled_until": null
                     *       },
                     *       "passkey": {
                     *         "id": "h7cw2n4kpq9xrzt3mbd8vjfe",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "name": "My iPhone",
                     *         "created_at": 1728783758,
                     *         "last_used_at": 1728783863,
                     *         "backup_eligible": true,
                     *         "backed_up": true,
                     *         "transports": [
                     *           "hybrid",
                     *           "internal"
                     *         ],
                     *         "aaguid": "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PasskeySignIn"];
                };
            };
            /**
             * @description One of:
             *
             *     - `NOT_ALLOWED`: The operation does not apply in the current state.
             *     - `INVALID_DATA`: The body is not of this shape (the ceremony is kept).
             *     - `TOO_MANY_REQUESTS`: The address or the passkey's user is blocked (the ceremony is kept).
             *     - `INVALID_REQUEST`: The ceremony does not exist, has expired or was used.
             *     - `INVALID_CREDENTIAL`: A check failed: an unknown or deleted passkey, another user's, a bad signature, a counter that did not go up (a `passkey_counter_regressed` security event), …
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED" | "INVALID_DATA" | "TOO_MANY_REQUESTS" | "INVALID_REQUEST" | "INVALID_CREDENTIAL";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description The assertion is right, but an operator [disabled](#disable-a-user) the passkey's user. The ceremony is used up; the passkey's use is not recorded. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "USER_DISABLED";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listUserPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's passkeys (at most 10). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "h7cw2n4kpq9xrzt3mbd8vjfe",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "name": "My iPhone",
                     *         "created_at": 1728783758,
                     *         "last_used_at": null,
                     *         "backup_eligible": true,
                     *         "backed_up": true,
                     *         "transports": [
                     *           "hybrid",
                     *           "internal"
                     *         ],
                     *         "aaguid": "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Passkey"][];
                };
            };
            /** @description The operation does not apply in the current state. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    getPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The passkey's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example h7cw2n4kpq9xrzt3mbd8vjfe
                 */
                passkey_id: components["parameters"]["passkey_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The passkey; never its public key or counter. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "h7cw2n4kpq9xrzt3mbd8vjfe",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "name": "My iPhone",
                     *       "created_at": 1728783758,
                     *       "last_used_at": null,
                     *       "backup_eligible": true,
                     *       "backed_up": true,
                     *       "transports": [
                     *         "hybrid",
                     *         "internal"
                     *       ],
                     *       "aaguid": "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"
                     *     }
                     */
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description The operation does not apply in the current state. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deletePasskey: {
        parameters: {
            query?: {
                /** @description A live session of this user that stays signed in; NOT_FOUND (and nothing changes) when it is not one. */
                session_id?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The passkey's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example h7cw2n4kpq9xrzt3mbd8vjfe
                 */
                passkey_id: components["parameters"]["passkey_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; it can no longer sign in. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The operation does not apply in the current state. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_ALLOWED";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such passkey, or `session_id` is not a live session of the passkey's user (then nothing changes). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listIdentityProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers, in the file's order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "google",
                     *         "kind": "oidc"
                     *       },
                     *       {
                     *         "name": "github",
                     *         "kind": "github"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["IdentityProvider"][];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    startExternalSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "google",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["StartExternalSignInBody"];
            };
        };
        responses: {
            /** @description The request and the URL to send the browser to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "m4tq8wzk2xhd7cnp3bvr9fjy",
                     *       "provider": "google",
                     *       "authorization_url": "https://accounts.google.com/o/oauth2/v2/auth?client_id=4048-example.apps.googleusercontent.com&response_type=code&redirect_uri=https%3A%2F%2Fexample.com%2Fauth%2Fgoogle%2Fcallback&scope=openid+email+profile&state=3a0GkY8PjHp6sV2nXq9RcW4tL7mZbD1uFe5yKoNiTgA&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&nonce=n-0S6_WzA2Mj4b9qXcZ7uH1kLp",
                     *       "expires_at": 1728784338
                     *     }
                     */
                    "application/json": components["schemas"]["ExternalSignInRequest"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: The body is not a JSON object, a field has the wrong type, a required field is missing, or a value breaks a rule.
             *     - `TOO_MANY_REQUESTS`: A rate limit or lockout refused the call; `Retry-After` gives the whole seconds until it could succeed.
             */
            400: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "TOO_MANY_REQUESTS";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            502: components["responses"]["PROVIDER_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    verifyExternalSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "3a0GkY8PjHp6sV2nXq9RcW4tL7mZbD1uFe5yKoNiTgA",
                 *       "code": "4/0AVMBsJg7kQ2xexample",
                 *       "iss": "https://accounts.google.com",
                 *       "client_ip": "203.0.113.7",
                 *       "create_user": true
                 *     }
                 */
                "application/json": components["schemas"]["VerifyExternalSignInBody"];
            };
        };
        responses: {
            /** @description What the answer led to, what the provider said of the email, and its access token (shown once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome": "signed_in",
                     *       "user": {
                     *         "id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "email": "cat@example.com",
                     *         "email_verified": true,
                     *         "registered_totp": false,
                     *         "totp_registered": false,
                     *         "recovery_code": "4UHZRTWP",
                     *         "password_leaked": false,
                     *         "password_set": true,
                     *         "disabled": false,
                     *         "disabled_until": null
                     *       },
                     *       "identity": {
                     *         "id": "v8kc3nqx7mwd2hzt9bpr4fjs",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "provider": "google",
                     *         "subject": "108235726501729854423",
                     *         "email": "cat@example.com",
                     *         "email_verified": true,
                     *         "created_at": 1728783738,
                     *         "last_sign_in_at": 1728787338
                     *       },
                     *       "email": "cat@example.com",
                     *       "email_verified": true,
                     *       "provider_tokens": {
                     *         "access_token": "ya29.a0AfB_example",
                     *         "expires_at": 1728790937
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ExternalSignIn"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: The body is not a JSON object, a field has the wrong type, a required field is missing, or a value breaks a rule.
             *     - `INVALID_REQUEST`: The request named in the body does not exist, has expired, or (reset-password) is not verified yet.
             *     - `INVALID_CREDENTIAL`: The passkey answer failed verification (challenge, origin, rp id, flags, algorithm, owner, signature or counter), or the identity provider's answer did (the callback's issuer, the code, the ID token's signature or claims).
             *     - `IDENTITY_IN_USE`: The identity provider's account is linked to another user.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "INVALID_REQUEST" | "INVALID_CREDENTIAL" | "IDENTITY_IN_USE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            403: components["responses"]["USER_DISABLED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            502: components["responses"]["PROVIDER_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    linkExternalSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example xkmtyqnsfd5w7hbq2g9cp6ra
                 */
                request_id: components["parameters"]["request_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                 *       "client_ip": "203.0.113.7"
                 *     }
                 */
                "application/json": components["schemas"]["LinkExternalSignInBody"];
            };
        };
        responses: {
            /** @description The user and the identity now theirs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "outcome": "linked",
                     *       "user": {
                     *         "id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "email": "cat@example.com",
                     *         "email_verified": true,
                     *         "registered_totp": false,
                     *         "totp_registered": false,
                     *         "recovery_code": "4UHZRTWP",
                     *         "password_leaked": false,
                     *         "password_set": true,
                     *         "disabled": false,
                     *         "disabled_until": null
                     *       },
                     *       "identity": {
                     *         "id": "v8kc3nqx7mwd2hzt9bpr4fjs",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "provider": "google",
                     *         "subject": "108235726501729854423",
                     *         "email": "cat@example.com",
                     *         "email_verified": true,
                     *         "created_at": 1728783738,
                     *         "last_sign_in_at": 1728787338
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["LinkedExternalSignIn"];
                };
            };
            /**
             * @description One of:
             *
             *     - `INVALID_DATA`: The body is not a JSON object, a field has the wrong type, a required field is missing, or a value breaks a rule.
             *     - `INVALID_REQUEST`: The request named in the body does not exist, has expired, or (reset-password) is not verified yet.
             *     - `EMAIL_NOT_VERIFIED`: An identity is linked only to an address both the provider and Holm verified; this one is not (yet).
             *     - `IDENTITY_IN_USE`: The identity provider's account is linked to another user.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA" | "INVALID_REQUEST" | "EMAIL_NOT_VERIFIED" | "IDENTITY_IN_USE";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listUserIdentities: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's identities. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "v8kc3nqx7mwd2hzt9bpr4fjs",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "provider": "google",
                     *         "subject": "108235726501729854423",
                     *         "email": "cat@example.com",
                     *         "email_verified": true,
                     *         "created_at": 1728783738,
                     *         "last_sign_in_at": 1728787338
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Identity"][];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteIdentity: {
        parameters: {
            query?: {
                /** @description A live session of this user that stays signed in; NOT_FOUND (and nothing changes) when it is not one. */
                session_id?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The identity's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example v8kc3nqx7mwd2hzt9bpr4fjs
                 */
                identity_id: components["parameters"]["identity_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listUserSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's live sessions, most recently used first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "q7kd2mzx9rbwtn4fhv3cy8ps",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "last_used_at": 1728787338,
                     *         "expires_at": 1729392138,
                     *         "client_ip": "203.0.113.7",
                     *         "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
                     *         "second_factor_verified_at": null,
                     *         "new_device": false
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Session"][];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "client_ip": "203.0.113.7",
                 *       "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
                 *       "second_factor_verified": false
                 *     }
                 */
                "application/json": components["schemas"]["CreateSessionBody"];
            };
        };
        responses: {
            /** @description The session and its token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session": {
                     *         "id": "q7kd2mzx9rbwtn4fhv3cy8ps",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "last_used_at": 1728783738,
                     *         "expires_at": 1729388538,
                     *         "client_ip": "203.0.113.7",
                     *         "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
                     *         "second_factor_verified_at": null,
                     *         "new_device": false
                     *       },
                     *       "token": "q7kd2mzx9rbwtn4fhv3cy8ps.h3k9xq2wzr7mtpvb5ncd8fy4ges6ja2uqr9kwt3x"
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedSession"];
                };
            };
            /** @description A field of the wrong type, or too long. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description An operator [disabled](#disable-a-user) the user: a sign-in by your own single sign-on does not let them in either. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "USER_DISABLED";
                    };
                };
            };
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteUserSessions: {
        parameters: {
            query?: {
                /** @description A live session of this user that stays signed in (sign out everywhere else). */
                except?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's sessions have ended, on every instance. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such user, or `except` is not a live session of this user (and then nothing ends). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    validateSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q7kd2mzx9rbwtn4fhv3cy8ps.h3k9xq2wzr7mtpvb5ncd8fy4ges6ja2uqr9kwt3x"
                 *     }
                 */
                "application/json": components["schemas"]["ValidateSessionBody"];
            };
        };
        responses: {
            /** @description The live session and its user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session": {
                     *         "id": "q7kd2mzx9rbwtn4fhv3cy8ps",
                     *         "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "last_used_at": 1728787338,
                     *         "expires_at": 1729392138,
                     *         "client_ip": "203.0.113.7",
                     *         "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
                     *         "second_factor_verified_at": null,
                     *         "new_device": false
                     *       },
                     *       "user": {
                     *         "id": "eeidmqmvdtjhaddujv8twjug",
                     *         "created_at": 1728783738,
                     *         "email": "cat@example.com",
                     *         "email_verified": false,
                     *         "registered_totp": false,
                     *         "totp_registered": false,
                     *         "recovery_code": "4UHZRTWP",
                     *         "password_leaked": false,
                     *         "password_set": true,
                     *         "disabled": false,
                     *         "disabled_until": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ValidatedSession"];
                };
            };
            /** @description `token` missing, not a string, or longer than 1024 characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No live session has this token: clear the cookie and treat the request as signed out. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session's identifier (the part of its token before the dot). A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example q7kd2mzx9rbwtn4fhv3cy8ps
                 */
                session_id: components["parameters"]["session_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live session (never its token). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "q7kd2mzx9rbwtn4fhv3cy8ps",
                     *       "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *       "created_at": 1728783738,
                     *       "last_used_at": 1728787338,
                     *       "expires_at": 1729392138,
                     *       "client_ip": "203.0.113.7",
                     *       "user_agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
                     *       "second_factor_verified_at": null,
                     *       "new_device": false
                     *     }
                     */
                    "application/json": components["schemas"]["Session"];
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The session's identifier (the part of its token before the dot). A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example q7kd2mzx9rbwtn4fhv3cy8ps
                 */
                session_id: components["parameters"]["session_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session has ended, on every instance. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No live session has that id (ended or expired). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The `next` of the previous page; absent: from the oldest event kept. */
                after?: string;
                /** @description Only this user's events (GET /events only). */
                user_id?: string;
                /** @description Only these types; repeat the parameter for several. */
                type?: ("address_blocked" | "user_blocked" | "request_deleted_after_incorrect_codes" | "second_factor_locked" | "password_reset" | "password_changed" | "second_factor_reset" | "user_deleted" | "user_created" | "users_imported" | "sign_in" | "sign_in_failed" | "email_verified" | "email_changed" | "totp_registered" | "totp_deleted" | "recovery_code_regenerated" | "passkey_registered" | "passkey_deleted" | "passkey_counter_regressed" | "user_unblocked" | "user_disabled" | "user_enabled" | "requests_deleted" | "session_created" | "sessions_ended" | "account_claimed" | "identity_linked" | "identity_unlinked")[];
                /** @description At most 1000; larger values are capped. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events and the cursor to read on from. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "q3n7ttd2k5xw9cz8mbh4pvra",
                     *           "time": 1728783738,
                     *           "type": "user_created",
                     *           "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *           "client_ip": null,
                     *           "data": {}
                     *         }
                     *       ],
                     *       "next": "5291"
                     *     }
                     */
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description A malformed `after`, `user_id`, `limit` or `type`. Holm refuses rather than guessing, since restarting from the oldest event, or reading every type, would make a reader act on the wrong events. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    listUserEvents: {
        parameters: {
            query?: {
                /** @description The `next` of the previous page; absent: from the oldest event kept. */
                after?: string;
                /** @description Only these types; repeat the parameter for several. */
                type?: ("address_blocked" | "user_blocked" | "request_deleted_after_incorrect_codes" | "second_factor_locked" | "password_reset" | "password_changed" | "second_factor_reset" | "user_deleted" | "user_created" | "users_imported" | "sign_in" | "sign_in_failed" | "email_verified" | "email_changed" | "totp_registered" | "totp_deleted" | "recovery_code_regenerated" | "passkey_registered" | "passkey_deleted" | "passkey_counter_regressed" | "user_unblocked" | "user_disabled" | "user_enabled" | "requests_deleted" | "session_created" | "sessions_ended" | "account_claimed" | "identity_linked" | "identity_unlinked")[];
                /** @description At most 1000; larger values are capped. */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the user's events and the cursor to read on from. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "c8wzp2tkf6mhd9xq4vnr3bsa",
                     *           "time": 1728783798,
                     *           "type": "sign_in_failed",
                     *           "user_id": "eeidmqmvdtjhaddujv8twjug",
                     *           "client_ip": "v4:203.0.113.7",
                     *           "data": {
                     *             "method": "password"
                     *           }
                     *         }
                     *       ],
                     *       "next": "5307"
                     *     }
                     */
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description A malformed `after`, `limit` or `type`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            /** @description No such user. For a deleted user's events, use `GET /events?user_id=`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "NOT_FOUND";
                    };
                };
            };
            406: components["responses"]["NOT_ACCEPTABLE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    unblockUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's identifier. A value that cannot be an identifier answers 404 NOT_FOUND.
                 * @example eeidmqmvdtjhaddujv8twjug
                 */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. An empty body counts as {}. */
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["UnblockUserBody"];
            };
        };
        responses: {
            /** @description The user's blocks and locks are lifted, also when nothing was blocked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A body that is not a JSON object. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            404: components["responses"]["NOT_FOUND"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
    importUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON object; unknown fields are ignored and `null` in an optional field means absent. Content-Type may be application/json, text/plain (as @faroe/sdk sends it) or absent. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "on_conflict": "skip",
                 *       "users": [
                 *         {
                 *           "id": "eeidmqmvdtjhaddujv8twjug",
                 *           "email": "cat@example.com",
                 *           "email_verified": true,
                 *           "created_at": 1728783738,
                 *           "password_hash": "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
                 *           "totp_key": "yAJAlsS3YKRnUpvuQxqFvAv6bpw=",
                 *           "recovery_code": "4UHZRTWP",
                 *           "passkey_user_handle": "kK0vF0r2XPX8rDwD3qxQ5mZ9Yj2uA8oCz7TQbO1Hh4E",
                 *           "passkeys": [
                 *             {
                 *               "id": "h7cw2n4kpq9xrzt3mbd8vjfe",
                 *               "credential_id": "0MqlP5hUEaVQZ6pcneK9zbs7AAo",
                 *               "public_key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8OuqkXHQBBCEY6Z0fwJ3r9xYenzJKalgjDdZUjVApFqIcFUAvJZHu3N0MbF02abYnLP7iOpl0nlITTQIhomciQ==",
                 *               "algorithm": -7,
                 *               "sign_count": 0,
                 *               "name": "My iPhone",
                 *               "created_at": 1728783758,
                 *               "last_used_at": null,
                 *               "backup_eligible": true,
                 *               "backed_up": true,
                 *               "transports": [
                 *                 "hybrid",
                 *                 "internal"
                 *               ],
                 *               "aaguid": "fbfc3007-154e-4ecc-8c0b-6e020557d7bd"
                 *             }
                 *           ]
                 *         },
                 *         {
                 *           "email": "dog@example.com"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ImportUsersBody"];
            };
        };
        responses: {
            /** @description The counts and one result per row. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "created": 1,
                     *       "skipped": 1,
                     *       "failed": 0,
                     *       "results": [
                     *         {
                     *           "index": 0,
                     *           "status": "skipped",
                     *           "user_id": "eeidmqmvdtjhaddujv8twjug"
                     *         },
                     *         {
                     *           "index": 1,
                     *           "status": "created",
                     *           "user_id": "q3nb7x9kd2mfw5hz8tcv4pyr"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["UserImportResult"];
                };
            };
            /** @description The body is not an object with a `users` array of at most 1,000 rows, or `on_conflict` is neither `error` nor `skip`. Nothing is imported. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "INVALID_DATA";
                    };
                };
            };
            401: components["responses"]["NOT_AUTHENTICATED"];
            406: components["responses"]["NOT_ACCEPTABLE"];
            413: components["responses"]["PAYLOAD_TOO_LARGE"];
            415: components["responses"]["UNSUPPORTED_MEDIA_TYPE"];
            500: components["responses"]["UNKNOWN_ERROR"];
            503: components["responses"]["UNAVAILABLE"];
        };
    };
}
