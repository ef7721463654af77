// GET /openapi.json: the OpenAPI 3.1 description of the API. Built on the first request rather
// than at startup (every CLI command loads the routes), then the same bytes every time. The
// document is made from the rows of src/routes.ts, this endpoint's among them.
import { endpoint, endpoints } from "../http/endpoint.ts";
import { buildOpenApiDocument } from "./document.ts";

let body: string | undefined;

export default endpoints("Service", {
	getOpenApi: endpoint({
		summary: "This OpenAPI 3.1 description",
		description: "Needs no secret and reads no body.",
		success: { status: 200, description: "The OpenAPI 3.1 description of this API.", model: "OpenApiDocument" },
		handle() {
			body ??= JSON.stringify(buildOpenApiDocument());
			return new Response(body, { headers: { "Content-Type": "application/json" } });
		},
	}),
});
