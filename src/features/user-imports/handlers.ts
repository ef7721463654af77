// POST /user-imports
import type { Context } from "hono";
import { errorResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { importUsers, type RowResult } from "./actions.ts";
import { userImportBody } from "./schemas.ts";

type C = Context<HonoEnv>;

function rowResultJSON(result: RowResult) {
	if (result.status === "failed") return { index: result.index, status: result.status, error: result.error };
	return { index: result.index, status: result.status, user_id: result.userId };
}

export async function handleImportUsers(c: C): Promise<Response> {
	const ctx = c.get("ctx");
	const body = parseBody(c, userImportBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const summary = await importUsers(ctx, body.users, body.on_conflict ?? "error");
	return Response.json({
		created: summary.created,
		skipped: summary.skipped,
		failed: summary.failed,
		results: summary.results.map(rowResultJSON),
	});
}
