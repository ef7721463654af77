// `npm run client:python [-- --output DIR]`: writes Holm's OpenAPI document to a temp file and runs
// clients/python/scripts/generate.py on it with the Python that has openapi-python-client 0.26
// (`HOLM_GENERATOR_PYTHON`, default python3; a source checkout goes on PYTHONPATH: docs/python.md).
// Without --output it rewrites the committed holm_client/_generated/ and holm_client/_operations.py.
// Exits 3 when the generator is not installed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROUTES } from "../../../src/routes.ts";
import { buildOpenApiDocument } from "../../../src/openapi/document.ts";

const clientDir = join(import.meta.dir, "..");
const outputFlag = process.argv.indexOf("--output");
const output = outputFlag === -1 ? clientDir : process.argv[outputFlag + 1];
if (output === undefined) {
	console.error("usage: bun clients/python/scripts/generate.ts [--output DIR]");
	process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), "holm-openapi-"));
try {
	const document = join(scratch, "openapi.json");
	await Bun.write(document, JSON.stringify(buildOpenApiDocument(ROUTES), null, 2));
	const python = process.env.HOLM_GENERATOR_PYTHON || "python3";
	const child = Bun.spawn([python, join(import.meta.dir, "generate.py"), "--document", document, "--output", output], {
		stdout: "inherit",
		stderr: "inherit",
	});
	process.exitCode = await child.exited;
} finally {
	rmSync(scratch, { recursive: true, force: true });
}
