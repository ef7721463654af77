// GET /health: {"status":"ok"} once the database answers, 503 {"status":"unavailable"} when it
// does not, so an orchestrator can take the instance out of rotation. Needs no secret and never
// reads a request body (see middleware/require-secret.ts and read-body.ts).
import type { Context } from "hono";
import type { HonoEnv } from "../../http/env.ts";

async function databaseAnswers(c: Context<HonoEnv>): Promise<boolean> {
	try {
		await c.get("ctx").storage.ping();
		return true;
	} catch (error) {
		c.get("ctx").log.warn("health check: the database does not answer", { reason: error instanceof Error ? error.message : String(error) });
		return false;
	}
}

export async function handleHealth(c: Context<HonoEnv>): Promise<Response> {
	if (!(await databaseAnswers(c))) return Response.json({ status: "unavailable" }, { status: 503 });
	return Response.json({ status: "ok" });
}
