// npm run docs:api: writes docs/api.md from the OpenAPI document and docs/api-intro.md
// (src/openapi/markdown.ts). `--check` writes nothing and fails when docs/api.md differs.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildOpenApiDocument } from "../src/openapi/document.ts";
import { apiMarkdown } from "../src/openapi/markdown.ts";
import { ROUTES } from "../src/routes.ts";

const DOCS = join(import.meta.dir, "..", "docs");

export function renderedApiMarkdown(): string {
	return apiMarkdown(buildOpenApiDocument(ROUTES), readFileSync(join(DOCS, "api-intro.md"), "utf8"));
}

if (import.meta.main) {
	const rendered = renderedApiMarkdown();
	const target = join(DOCS, "api.md");
	if (process.argv.includes("--check")) {
		if (readFileSync(target, "utf8") !== rendered) {
			console.error("docs/api.md is not what the OpenAPI document gives: run `npm run docs:api`.");
			process.exit(1);
		}
	} else writeFileSync(target, rendered);
}
