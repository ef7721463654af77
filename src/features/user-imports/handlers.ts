// POST /user-imports
import { endpoint, endpoints, returns } from "../../http/endpoint.ts";
import * as actions from "./actions.ts";
import { userImportAnswer, userImportBody, userImportBodyDocument } from "./schemas.ts";
import { CREATED_AT, CREDENTIAL_ID, PASSKEY, TOTP_KEY, USER, USER_HANDLE, USER_ID } from "../../openapi/examples.ts";

export default endpoints("Users", {
	importUsers: endpoint({
		summary: "Import users",
		description:
			"Brings in users from another system (or another Holm) with their password hashes, TOTP keys and recovery codes, so nobody has to " +
			"reset a password. [import.md](import.md) is the guide: what to export from each system, the password-hash forms Holm takes, and the " +
			"`holm import` command that sends a whole file through this endpoint.\n\n" +
			"Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another shape, or with more rows, " +
			"answers INVALID_DATA as a whole; a bad row fails alone and the others are imported. Each row's outcome is in `results`, in row order, " +
			"with the per-row codes INVALID_DATA, EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and PASSKEY_ALREADY_REGISTERED. " +
			"A row whose email, id or a passkey's credential id is taken (in the database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, " +
			"so re-running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked against their cost bounds. " +
			"See docs/import.md.\n\n" +
			"A bad row fails alone, with `{\"index\": n, \"status\": \"failed\", \"error\": CODE}`; the other rows are imported:\n\n" +
			"| Row error | When |\n|---|---|\n" +
			"| `INVALID_DATA` | The row is not an object, or a field breaks its rule; also a passkey breaking a rule, or a credential id or passkey id twice in one row. |\n" +
			"| `EMAIL_ALREADY_USED` | With `on_conflict: error`: another user holds the email, or an earlier row of the same request took it. |\n" +
			"| `ID_ALREADY_USED` | With `on_conflict: error`: a user has that id, or an earlier row of the same request took it. |\n" +
			"| `UNSUPPORTED_PASSWORD_HASH` | The hash is of no form Holm takes (unsalted or single-round MD5, SHA-1, SHA-2, anything unknown). |\n" +
			"| `INVALID_PASSWORD_HASH` | The hash looks like a supported form but is malformed, or its cost is outside the form's bounds. |\n" +
			"| `PASSKEY_ALREADY_REGISTERED` | With `on_conflict: error`: one of the row's passkeys has a credential id or an `id` that is registered to a user, or that an earlier row of the same request took. |\n" +
			"| `IDENTITY_IN_USE` | With `on_conflict: error`: one of the row's identities (its `id`, or its `issuer` and `subject`) is held by a user, or an earlier row of the same request took it. |\n\n" +
			"With `on_conflict: skip`, a row whose email is taken is `skipped` and its `user_id` names the user holding the email; else, when its id " +
			"is taken, it names that id; else, when one of its passkeys' credential ids is registered, it names the user holding it. The email is " +
			"judged first, then the id. So re-running an import with `skip` changes nothing and names every user it would have made: an interrupted " +
			"import is finished by running it again. Conflicts are decided by the database's unique indexes, so parallel imports and sign-ups never " +
			"give one email or one id to two users.\n\n" +
			"An import is a security event (`users_imported`, with the three counts), logged and stored in the event feed (`GET /events`, [events.md](events.md)).",
		errorsWhen: {
			INVALID_DATA: "The body is not an object with a `users` array of at most 1,000 rows, or `on_conflict` is neither `error` nor `skip`. Nothing is imported.",
		},
		body: userImportBodyDocument,
		examples: {
			request: {
				on_conflict: "skip",
				users: [
					{
						id: USER_ID,
						email: "cat@example.com",
						email_verified: true,
						created_at: CREATED_AT,
						password_hash: "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
						totp_key: TOTP_KEY,
						recovery_code: USER.recovery_code,
						passkey_user_handle: USER_HANDLE,
						passkeys: [
							{
								id: PASSKEY.id,
								credential_id: CREDENTIAL_ID,
								public_key: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8OuqkXHQBBCEY6Z0fwJ3r9xYenzJKalgjDdZUjVApFqIcFUAvJZHu3N0MbF02abYnLP7iOpl0nlITTQIhomciQ==",
								algorithm: -7,
								sign_count: 0,
								name: PASSKEY.name,
								created_at: PASSKEY.created_at,
								last_used_at: null,
								backup_eligible: true,
								backed_up: true,
								transports: PASSKEY.transports,
								aaguid: PASSKEY.aaguid,
							},
						],
					},
					{ email: "dog@example.com" },
				],
			},
			answer: {
				created: 1,
				skipped: 1,
				failed: 0,
				results: [
					{ index: 0, status: "skipped", user_id: USER_ID },
					{ index: 1, status: "created", user_id: "q3nb7x9kd2mfw5hz8tcv4pyr" },
				],
			},
		},
		success: returns(userImportAnswer, "The counts and one result per row."),
		parseWith: userImportBody, // rows are judged one by one, each failing alone
		async handle(c, { body }) {
			const summary = await actions.importUsers(c.get("ctx"), body.users, body.on_conflict ?? "error");
			return Response.json(userImportAnswer.json(summary));
		},
	}),
});
