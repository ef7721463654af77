// How a request finds its row (src/http/router.ts), over the wire: what Hono's router used to
// decide, kept now that the API dispatches its rows itself.
import { beforeAll, expect, test } from "bun:test";
import { createUser, SECRET, serverForThisFile } from "../support/server.ts";

let userId: string;
const server = serverForThisFile({ listen: true });
beforeAll(async () => {
	userId = (await createUser(server)).id;
});

const withSecret = { Authorization: SECRET };

test("HEAD is answered by the GET row: its status and headers, no body", async () => {
	const get = await fetch(`${server.url}/users/${userId}`, { headers: withSecret });
	const head = await fetch(`${server.url}/users/${userId}`, { method: "HEAD", headers: withSecret });
	expect(head.status).toBe(200);
	expect(head.headers.get("Content-Type")).toBe(get.headers.get("Content-Type"));
	expect(head.headers.get("X-Request-Id")).not.toBeNull();
	expect(await head.text()).toBe("");
});

test("a literal row and a pattern on one path: POST /sessions/validate is its own row, GET of it is GET /sessions/:session_id", async () => {
	const validate = await server.request("POST", "/sessions/validate", { token: "not a token" });
	expect(validate.status).toBe(404);
	const get = await server.request("GET", "/sessions/validate");
	expect(get.status).toBe(404);
	expect(get.body).toEqual({ error: "NOT_FOUND" });
	const put = await server.request("PUT", "/sessions/validate");
	expect(put.status).toBe(405);
	expect(put.headers.get("Allow")).toBe("POST");
});

test("a method the path does not have answers 405 with the path's methods, whatever the method's name", async () => {
	for (const method of ["PUT", "PATCH", "OPTIONS", "PROPFIND"]) {
		const answer = await server.request(method, "/users");
		expect(answer.status).toBe(405);
		expect(answer.headers.get("Allow")).toBe("GET, HEAD, POST");
	}
	expect((await server.request("DELETE", `/users/${userId}/verify-password`)).headers.get("Allow")).toBe("POST");
});

test("a path parameter is percent-decoded; a trailing slash, an empty segment or an unknown path is no row", async () => {
	const encoded = userId.replace(/^./, (first) => `%${first.charCodeAt(0).toString(16)}`);
	expect((await server.request("GET", `/users/${encoded}`)).status).toBe(200);
	expect((await server.request("GET", `/users/${userId}?unrelated=1`)).status).toBe(200);
	for (const path of [`/users/${userId}/`, "/users//verify-password", "/nowhere", "/users/a/b/c/d"]) {
		const answer = await server.request("GET", path);
		expect(answer.status, path).toBe(404);
		expect(answer.body, path).toEqual({ error: "NOT_FOUND" });
	}
});

test("every method of a path belongs to one feature switch: a table that mixes them does not start", async () => {
	const { createRouter } = await import("../../src/http/router.ts");
	const { route } = await import("../../src/http/route.ts");
	const { ROUTES } = await import("../../src/routes.ts");
	const passkeyRow = ROUTES.find((row) => row.feature === "passkeys" && row.method === "GET")!;
	const mixed = [passkeyRow, route("DELETE", passkeyRow.path, passkeyRow.endpoint)];
	expect(() => createRouter(mixed)).toThrow("one feature switch");
	expect(() => createRouter(ROUTES)).not.toThrow();
});
