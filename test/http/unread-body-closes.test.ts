// close-unread-body.ts: a request that announced a body Holm did not read (a GET with one, a
// caller without the secret) is answered with Connection: close; one that announced none, or an
// empty one, keeps its connection. The headers are read through the request's view (fetched
// once a request), so each way of announcing a body is checked here.
import { beforeAll, expect, test } from "bun:test";
import { createUser, SECRET, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();
let userId: string;
beforeAll(async () => {
	userId = (await createUser(server)).id;
});

const connectionOf = async (path: string, headers: Record<string, string>): Promise<[number, string | null]> => {
	const response = await server.fetch(path, { headers });
	await response.arrayBuffer();
	return [response.status, response.headers.get("Connection")];
};

test("a GET that announces a body it was not asked for is answered, then its connection closed", async () => {
	expect(await connectionOf(`/users/${userId}`, { Authorization: SECRET, "Content-Length": "5" })).toEqual([200, "close"]);
	expect(await connectionOf(`/users/${userId}`, { Authorization: SECRET, "Transfer-Encoding": "chunked" })).toEqual([200, "close"]);
	expect(await connectionOf("/users", { "Content-Length": "12" })).toEqual([401, "close"]);
});

test("a GET without a body, or with an empty one, keeps its connection", async () => {
	expect(await connectionOf(`/users/${userId}`, { Authorization: SECRET })).toEqual([200, null]);
	expect(await connectionOf(`/users/${userId}`, { Authorization: SECRET, "Content-Length": " 0 " })).toEqual([200, null]);
	expect(await connectionOf("/users", {})).toEqual([401, null]);
});
