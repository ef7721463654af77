// POST /user-imports
import { endpoint, endpoints, returns } from "../../http/endpoint.ts";
import * as actions from "./actions.ts";
import { userImportAnswer, userImportBody, userImportBodyDocument } from "./schemas.ts";

export default endpoints("Users", {
	importUsers: endpoint({
		summary: "Import users with their password hashes and second factors",
		description:
			"Up to 1,000 rows and 4 MiB (this endpoint's body limit; every other stays 64 KiB). A body of another shape, or with more rows, " +
			"answers INVALID_DATA as a whole; a bad row fails alone and the others are imported. Each row's outcome is in `results`, in row order, " +
			"with the per-row codes INVALID_DATA, EMAIL_ALREADY_USED, ID_ALREADY_USED, UNSUPPORTED_PASSWORD_HASH, INVALID_PASSWORD_HASH and PASSKEY_ALREADY_REGISTERED. " +
			"A row whose email, id or a passkey's credential id is taken (in the database or by an earlier row) fails with `on_conflict: error` and is skipped with `skip`, " +
			"so re-running an import with `skip` changes nothing. Nothing is hashed: hashes are parsed and checked against their cost bounds. " +
			"See docs/import.md.",
		body: userImportBodyDocument,
		success: returns(userImportAnswer, "The counts and one result per row."),
		parseWith: userImportBody, // rows are judged one by one, each failing alone
		async handle(c, { body }) {
			const summary = await actions.importUsers(c.get("ctx"), body.users, body.on_conflict ?? "error");
			return Response.json(userImportAnswer.json(summary));
		},
	}),
});
