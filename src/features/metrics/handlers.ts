// GET /metrics: the Prometheus text exposition format (version 0.0.4), with the secret
// (`Authorization: Bearer <secret>` is how Prometheus sends one).
import { endpoint, endpoints } from "../../http/endpoint.ts";

export default endpoints("Service", {
	getMetrics: endpoint({
		summary: "Prometheus metrics",
		description: "`Authorization: Bearer <secret>` suits Prometheus's `authorization` setting.",
		success: { status: 200, description: "The Prometheus text exposition format, version 0.0.4.", mediaType: "text/plain" },
		async handle(c) {
			const { metrics } = c.get("ctx");
			return new Response(await metrics.text(), { headers: { "Content-Type": metrics.registry.contentType } });
		},
	}),
});
