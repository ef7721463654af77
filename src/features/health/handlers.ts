// GET /health: answers once the database does; needs no secret.
import type { Context } from "hono";
import type { HonoEnv } from "../../http/env.ts";

export function handleHealth(c: Context<HonoEnv>): Response {
	c.get("ctx").db.query("SELECT 1").get();
	return Response.json({ status: "ok" });
}
