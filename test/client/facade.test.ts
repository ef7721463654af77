// The facade's methods that only restate an operation are generated from the document: what
// client/src/index.ts holds between its GENERATED markers is what `npm run client:generate` makes
// of the document today, and the methods written by hand are for operations the document has.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { FACADE_FILE, generateFacade, generateFacadeMethods, HAND_WRITTEN } from "../../client/scripts/generate.ts";
import { buildOpenApiDocument } from "../../src/openapi/document.ts";
import { ROUTES } from "../../src/routes.ts";

const document = buildOpenApiDocument(ROUTES) as any;

test("client/src/index.ts's generated methods are what `npm run client:generate` makes of the document now", () => {
	const facade = readFileSync(FACADE_FILE, "utf8");
	expect(facade).toBe(generateFacade(facade));
});

test("a new operation is a new method, named by its operationId, with the path's identifiers, the body and the query", () => {
	const changed = structuredClone(document);
	changed.paths["/users/{user_id}/nicknames"] = {
		post: {
			operationId: "createNickname",
			summary: "Create a nickname",
			parameters: [{ $ref: "#/components/parameters/user_id" }],
			requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/CreateUserBody" } } } },
			responses: { "200": { description: "", content: { "application/json": { schema: { $ref: "#/components/schemas/User" } } } } },
		},
	};
	expect(generateFacadeMethods(changed)).toContain(
		'createNickname: (userId: string, request: RequestBody<"createNickname">) => body(api.POST("/users/{user_id}/nicknames", { params: { path: { user_id: userId } }, body: request })),',
	);
});

test("each method written by hand is for an operation of the document, and none is generated too", () => {
	const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
	for (const id of HAND_WRITTEN) {
		expect(ids).toContain(id);
		expect(generateFacadeMethods()).not.toContain(`\t${id}: `);
	}
});
