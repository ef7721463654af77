// GET /health: {"status":"ok"} once the database answers, 503 {"status":"unavailable"} when it
// does not, so an orchestrator can take the instance out of rotation. Needs no secret and never
// reads a request body (its row in src/routes.ts is public, and only POST reads a body).
import { endpoint, endpoints, type C } from "../../http/endpoint.ts";
import { healthAnswer } from "./schemas.ts";
import { describeTag } from "../../openapi/names.ts";

// The section of the API this feature opens, in the OpenAPI document and docs/api.md.
describeTag("Service", "Health, this description, metrics.");

async function databaseAnswers(c: C): Promise<boolean> {
	try {
		await c.get("ctx").storage.ping();
		return true;
	} catch (error) {
		c.get("ctx").log.warn("health check: the database does not answer", { reason: error instanceof Error ? error.message : String(error) });
		return false;
	}
}

export default endpoints("Service", {
	getHealth: endpoint({
		summary: "Health check",
		description:
			"Needs no secret and reads no body. Answers once the database does, and within about 2 seconds when it does not (on PostgreSQL it has a " +
			"connection of its own, outside the pool: see [postgres.md](postgres.md)).",
		examples: { answer: { status: "ok" } },
		success: { status: 200, description: '`{"status":"ok"}`: the database answers.', model: healthAnswer },
		otherResponses: [{ status: 503, description: '`{"status":"unavailable"}`: the database does not answer (within about 2 seconds).', model: healthAnswer, example: { status: "unavailable" } }],
		async handle(c) {
			if (!(await databaseAnswers(c))) return Response.json({ status: "unavailable" }, { status: 503 });
			return Response.json({ status: "ok" });
		},
	}),
});
