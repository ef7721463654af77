// GET /metrics: the Prometheus text exposition format (version 0.0.4), with the secret
// (`Authorization: Bearer <secret>` is how Prometheus sends one).
import { endpoint } from "../../http/endpoint.ts";

export const getMetrics = endpoint({
	operationId: "getMetrics",
	summary: "Prometheus metrics",
	description: "`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting.",
	tag: "Service",
	success: { status: 200, description: "The Prometheus text exposition format, version 0.0.4.", mediaType: "text/plain" },
	errors: [],
	async handle(c) {
		const { metrics } = c.get("ctx");
		return new Response(await metrics.text(), { headers: { "Content-Type": metrics.registry.contentType } });
	},
});
