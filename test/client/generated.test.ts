// The client follows the document: its committed types are what openapi-typescript makes of the
// document today, it has one method per operation, each calling that operation, and it runs on the
// openapi-fetch the repository tests with.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHolmClient, HolmError } from "../../client/src/index.ts";
import { GENERATED_FILE, generateClientTypes } from "../../client/scripts/generate.ts";
import { ROUTES } from "../../src/routes.ts";
import { buildOpenApiDocument } from "../../src/openapi/document.ts";
import { SECRET, serverForThisFile } from "../support/server.ts";

const document = buildOpenApiDocument(ROUTES) as any;
const ROOT = join(import.meta.dir, "..", "..");

/** operationId → "METHOD /path/{param}". */
function documentedOperations(): Map<string, string> {
	const found = new Map<string, string>();
	for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>)) {
		for (const [method, operation] of Object.entries(item)) found.set(operation.operationId, `${method.toUpperCase()} ${path}`);
	}
	return found;
}

test("client/src/openapi.ts is what `npm run client:generate` makes of the document now", async () => {
	expect(readFileSync(GENERATED_FILE, "utf8")).toBe(await generateClientTypes());
});

test("a change to the document is a drift the test above reports", async () => {
	const changed = structuredClone(document);
	changed.components.schemas.User.properties.nickname = { type: "string" };
	const types = await generateClientTypes(changed);
	expect(types).toContain("nickname?: string;");
	expect(types).not.toBe(readFileSync(GENERATED_FILE, "utf8"));
});

const server = serverForThisFile({ listen: true });

test("one method per operation, named by its operationId, each calling that operation's method and path", async () => {
	const ID = "eeidmqmvdtjhaddujv8twjug";
	let sent = "";
	const holm = createHolmClient({
		url: server.url,
		secret: SECRET,
		fetch(request) {
			sent = `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`;
			return fetch(request);
		},
	});
	const { api: _, ...methods } = holm;
	const operations = documentedOperations();
	expect(Object.keys(methods).sort()).toEqual([...operations.keys()].sort());

	for (const [operationId, key] of operations) {
		const [, path = ""] = key.split(" ");
		const call = methods[operationId as keyof typeof methods] as (...args: unknown[]) => Promise<unknown>;
		// The path's identifier (an unknown one: nothing changes), then an empty body; extra arguments are ignored.
		const args = path.includes("{") ? [ID, {}] : [{}];
		await call(...args).catch((error) => {
			if (!(error instanceof HolmError)) throw error;
		});
		expect(sent, operationId).toBe(key.replace(/\{\w+\}/g, ID));
	}
});

test("the client's openapi-fetch and TypeScript are the versions the repository installs and tests with", () => {
	const client = JSON.parse(readFileSync(join(ROOT, "client", "package.json"), "utf8"));
	const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
	expect(client.dependencies["openapi-fetch"]).toBe(root.devDependencies["openapi-fetch"]);
	expect(client.devDependencies.typescript).toBe(root.devDependencies.typescript);
});
