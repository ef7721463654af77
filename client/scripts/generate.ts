// `npm run client:generate`: writes client/src/openapi.ts, the types of every path, operation and
// model, made by openapi-typescript from the document GET /openapi.json serves. The file is
// committed; test/client/generated.test.ts fails when it no longer matches the document.
import openapiTS, { astToString } from "openapi-typescript";
import { join } from "node:path";
import { ROUTES } from "../../src/routes.ts";
import { buildOpenApiDocument } from "../../src/openapi/document.ts";

export const GENERATED_FILE = join(import.meta.dir, "..", "src", "openapi.ts");

const NOTE = "// Generated from Holm's GET /openapi.json by `npm run client:generate`; do not edit.\n";

/** The generated file's text for a document, by default the current one. */
export async function generateClientTypes(document: object = buildOpenApiDocument(ROUTES)): Promise<string> {
	const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]);
	return NOTE + astToString(ast);
}

if (import.meta.main) {
	await Bun.write(GENERATED_FILE, await generateClientTypes());
	console.log(`wrote ${GENERATED_FILE}`);
}
