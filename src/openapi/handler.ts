// GET /openapi.json: the OpenAPI 3.1 description of the API. Built on the first request rather
// than at startup (every CLI command loads the routes), then the same bytes every time.
import { buildOpenApiDocument } from "./document.ts";

let body: string | undefined;

export function handleOpenApi(): Response {
	body ??= JSON.stringify(buildOpenApiDocument());
	return new Response(body, { headers: { "Content-Type": "application/json" } });
}
