// GET /metrics: the Prometheus text exposition format (version 0.0.4), with the secret
// (`Authorization: Bearer <secret>` is how Prometheus sends one).
import type { Context } from "hono";
import type { HonoEnv } from "../../http/env.ts";

export async function handleMetrics(c: Context<HonoEnv>): Promise<Response> {
	const { metrics } = c.get("ctx");
	return new Response(await metrics.text(), { headers: { "Content-Type": metrics.registry.contentType } });
}
