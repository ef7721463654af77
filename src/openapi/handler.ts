// GET /openapi.json: the OpenAPI 3.1 description of the API. Built on the first request rather
// than at startup (every CLI command loads the routes), then the same bytes every time. The
// document is made from the rows it is given (src/routes.ts's, this endpoint's among them), read
// only once the first request comes, when the table exists.
import { endpoint, endpoints } from "../http/endpoint.ts";
import type { Route } from "../http/route.ts";
import { openApiDocumentResponse } from "./components.ts";
import { buildOpenApiDocument } from "./document.ts";

export function openApiEndpoints(routes: () => readonly Route[]) {
	let body: string | undefined;
	return endpoints("Service", {
		getOpenApi: endpoint({
			summary: "This OpenAPI 3.1 description",
			description: "Needs no secret and reads no body.",
			success: { status: 200, description: "The OpenAPI 3.1 description of this API.", model: openApiDocumentResponse },
			handle() {
				body ??= JSON.stringify(buildOpenApiDocument(routes()));
				return new Response(body, { headers: { "Content-Type": "application/json" } });
			},
		}),
	});
}
