// GET /openapi.json: the OpenAPI 3.1 description of the API. Built on the first request rather
// than at startup (every CLI command loads the routes), then the same bytes every time. The
// document is made from the rows it is given (src/routes.ts's, this endpoint's among them), read
// only once the first request comes, when the table exists.
import { z } from "zod";
import { endpoint, endpoints } from "../http/endpoint.ts";
import type { Route } from "../http/route.ts";
import { buildOpenApiDocument } from "./document.ts";
import { named } from "./names.ts";

/** GET /openapi.json answers this very document; only its version field is promised here. */
const openApiDocumentResponse = named("OpenApiDocument", z.looseObject({ openapi: z.string() }));

export function openApiEndpoints(routes: () => readonly Route[]) {
	let body: string | undefined;
	return endpoints("Service", {
		getOpenApi: endpoint({
			summary: "This OpenAPI 3.1 description",
			description:
				"Needs no secret and reads no body. For code generators and API tools. Its `servers` entry is `http://{host}:{port}` with the " +
				"defaults of `--host` and `--port`; every operation carries the examples of docs/api.md (which is rendered from this document); " +
				"`405 METHOD_NOT_ALLOWED` and its `Allow` header are described once, under `components.responses`, since no operation answers it. " +
				"The tests lint it with Redocly's recommended rules. The typed client in `client/` is generated from it ([client.md](client.md)); " +
				"after a change to the API, `npm run client:generate` at the repository's root regenerates its types, and the tests fail until that is committed.",
			success: { status: 200, description: "The OpenAPI 3.1 description of this API.", model: openApiDocumentResponse },
			examples: { answer: { openapi: "3.1.1", info: { title: "Holm", version: "0.1.0" }, paths: {} } },
			handle() {
				body ??= JSON.stringify(buildOpenApiDocument(routes()));
				return new Response(body, { headers: { "Content-Type": "application/json" } });
			},
		}),
	});
}
