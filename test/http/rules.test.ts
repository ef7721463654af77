// The general rules of API.md section 1, checked against the real server.
import { beforeAll, describe, expect, test } from "bun:test";
import handlers from "../../src/features/health/handlers.ts";
import { documentedErrorsOf } from "../support/documented-errors.ts";
import { createUser, SECRET, serverForThisFile, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

let userId: string;

const server = serverForThisFile({ listen: true });
beforeAll(async () => {
	userId = (await createUser(server)).id;
});

describe("secret", () => {
	test("a missing Authorization header answers 401 NOT_AUTHENTICATED", async () => {
		const response = await fetch(server.url + "/users");
		expect(response.status).toBe(401);
		expect(await response.json()).toEqual({ error: "NOT_AUTHENTICATED" });
	});

	test("a 401 says which scheme to use: WWW-Authenticate: Bearer", async () => {
		for (const headers of [{}, { Authorization: "wrong secret entirely" }] as Record<string, string>[]) {
			const response = await fetch(server.url + "/users", { headers });
			expect(response.status).toBe(401);
			expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
		}
		// Only a 401 carries it.
		expect((await server.request("GET", "/users")).headers.get("WWW-Authenticate")).toBeNull();
	});

	test("a wrong secret answers 401, also one that shares a prefix with the right one", async () => {
		for (const wrong of ["nope", SECRET.slice(0, -1), SECRET + "x", "", "Bearer", "Bearer ", `Bearer ${SECRET.slice(0, -1)}`, `Basic ${SECRET}`, `Bearer  Bearer ${SECRET}`]) {
			const answer = await server.request("GET", "/users", undefined, { Authorization: wrong });
			expect(answer.status).toBe(401);
			expect(answer.body).toEqual({ error: "NOT_AUTHENTICATED" });
		}
	});

	test("Authorization: Bearer <secret> is accepted as well (the scheme in any case)", async () => {
		for (const given of [`Bearer ${SECRET}`, `bearer ${SECRET}`, `BEARER ${SECRET}`]) {
			const answer = await server.request("GET", "/users", undefined, { Authorization: given });
			expect(answer.status).toBe(200);
		}
	});

	test("only GET /health goes without the secret: POST /health without it answers 401", async () => {
		const response = await fetch(server.url + "/health", { method: "POST", body: "{}" });
		expect(response.status).toBe(401);
	});

	test("the secret is checked before the path: an unknown path without it answers 401", async () => {
		const response = await fetch(server.url + "/no-such-path");
		expect(response.status).toBe(401);
	});

	test("GET /health needs no secret", async () => {
		const response = await fetch(server.url + "/health");
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ status: "ok" });
	});
});

describe("health", () => {
	test("GET /health answers 503 {status: unavailable} when the database does not answer", async () => {
		const own = await startTestServer({ listen: true });
		try {
			expect((await fetch(own.url + "/health")).status).toBe(200);
			await own.ctx.storage.close(); // what a failed disk or a deleted volume looks like from here
			const response = await fetch(own.url + "/health");
			expect(response.status).toBe(503);
			expect(await response.json()).toEqual({ status: "unavailable" });
		} finally {
			await own.stop();
		}
	});
});

describe("media types", () => {
	test("application/json, text/plain with parameters, and no Content-Type are all read", async () => {
		for (const contentType of ["application/json", "text/plain;charset=UTF-8", "APPLICATION/JSON; charset=utf-8", null]) {
			const headers: Record<string, string> = { Authorization: SECRET };
			if (contentType !== null) headers["Content-Type"] = contentType;
			const response = await fetch(`${server.url}/users/${userId}/verify-password`, {
				method: "POST",
				headers,
				body: JSON.stringify({ password: STRONG_PASSWORD }),
			});
			expect(response.status).toBe(204);
		}
	});

	test("another Content-Type answers 415 UNSUPPORTED_MEDIA_TYPE", async () => {
		for (const contentType of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/html"]) {
			const answer = await server.request("POST", "/users", { password: STRONG_PASSWORD }, { "Content-Type": contentType });
			expect(answer.status).toBe(415);
			expect(answer.body).toEqual({ error: "UNSUPPORTED_MEDIA_TYPE" });
		}
	});

	test("an Accept header that allows no JSON answers 406 NOT_ACCEPTABLE", async () => {
		for (const accept of ["text/html", "application/xml", "application/json;q=0"]) {
			const answer = await server.request("GET", "/users", undefined, { Accept: accept });
			expect(answer.status).toBe(406);
			expect(answer.body).toEqual({ error: "NOT_ACCEPTABLE" });
		}
	});

	test("Accept headers that allow JSON pass", async () => {
		for (const accept of ["application/json", "application/*", "*/*", "text/html, application/json;q=0.5", "text/html,*/*;q=0.1"]) {
			const answer = await server.request("GET", "/users", undefined, { Accept: accept });
			expect(answer.status).toBe(200);
		}
	});

	test("415 comes before 404: the media type is checked before the path resource", async () => {
		const answer = await server.request("GET", "/users/aaaaaaaaaaaaaaaaaaaaaaaa", undefined, { "Content-Type": "text/html" });
		expect(answer.status).toBe(415);
	});
});

describe("bodies", () => {
	test("an empty body counts as {}", async () => {
		const answer = await server.request("POST", `/users/${userId}/password-reset-requests`, "");
		expect(answer.status).toBe(200);
	});

	test("a body that is not a JSON object answers 400 INVALID_DATA", async () => {
		for (const body of ["[]", "null", "42", '"text"', "{", "{'a':1}", "true"]) {
			const answer = await server.request("POST", "/users", body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("a body that is not UTF-8 answers INVALID_DATA", async () => {
		const response = await fetch(server.url + "/users", {
			method: "POST",
			headers: { Authorization: SECRET },
			body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
		});
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({ error: "INVALID_DATA" });
	});

	test("a wrong field type or a missing required field answers INVALID_DATA", async () => {
		for (const body of [{}, { password: 12345678 }, { password: STRONG_PASSWORD, email: 5 }, { password: null }]) {
			const answer = await server.request("POST", "/users", body);
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("unknown fields are ignored and null in an optional field means absent", async () => {
		const answer = await server.request("POST", `/users/${userId}/verify-password`, {
			password: STRONG_PASSWORD,
			client_ip: null,
			extra: { nested: true },
		});
		expect(answer.status).toBe(204);
	});

	test("a client_ip longer than 64 characters answers INVALID_DATA", async () => {
		const answer = await server.request("POST", `/users/${userId}/verify-password`, {
			password: STRONG_PASSWORD,
			client_ip: "1".repeat(65),
		});
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "INVALID_DATA" });
	});

	test("a body over 64 KiB answers 413 PAYLOAD_TOO_LARGE, with or without Content-Length", async () => {
		const big = JSON.stringify({ password: STRONG_PASSWORD, padding: "x".repeat(64 * 1024) });
		const answer = await server.request("POST", "/users", big);
		expect(answer.status).toBe(413);
		expect(answer.body).toEqual({ error: "PAYLOAD_TOO_LARGE" });

		const chunks = new ReadableStream({
			start(controller) {
				for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(8 * 1024)));
				controller.close();
			},
		});
		const streamed = await fetch(server.url + "/users", { method: "POST", headers: { Authorization: SECRET }, body: chunks });
		expect(streamed.status).toBe(413);
		expect(await streamed.json()).toEqual({ error: "PAYLOAD_TOO_LARGE" });
	});

	test("a body of exactly 64 KiB is read", async () => {
		const prefix = JSON.stringify({ password: "wrong password!", pad: "" });
		const body = prefix.slice(0, -2) + "x".repeat(64 * 1024 - prefix.length) + '"}';
		expect(new TextEncoder().encode(body).byteLength).toBe(64 * 1024);
		const answer = await server.request("POST", `/users/${userId}/verify-password`, body);
		expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
	});
});

describe("routing", () => {
	test("an unknown path answers 404 NOT_FOUND", async () => {
		const answer = await server.request("GET", "/nothing/here");
		expect(answer.status).toBe(404);
		expect(answer.body).toEqual({ error: "NOT_FOUND" });
	});

	test("a known path with the wrong method answers 405 METHOD_NOT_ALLOWED", async () => {
		for (const [method, path] of [
			["PUT", "/users"],
			["PATCH", `/users/${userId}`],
			["GET", `/users/${userId}/verify-password`],
			["DELETE", "/reset-password"],
			["POST", "/health"],
		] as const) {
			const answer = await server.request(method, path);
			expect(answer.status).toBe(405);
			expect(answer.body).toEqual({ error: "METHOD_NOT_ALLOWED" });
		}
	});

	test("a 405 names the methods the path has in an Allow header", async () => {
		const allowed = async (method: string, path: string) => (await server.request(method, path)).headers.get("Allow");
		expect(await allowed("PUT", "/users")).toBe("GET, HEAD, POST");
		expect(await allowed("PATCH", `/users/${userId}`)).toBe("DELETE, GET, HEAD");
		expect(await allowed("GET", `/users/${userId}/verify-password`)).toBe("POST");
		expect(await allowed("DELETE", "/reset-password")).toBe("POST");
		expect(await allowed("POST", "/health")).toBe("GET, HEAD");
		// HEAD is answered where GET is, as Allow says.
		expect((await server.request("HEAD", "/users")).status).toBe(200);
	});

	test("a path id that cannot be an identifier answers 404", async () => {
		for (const id of ["x", "../users", "AAAAAAAAAAAAAAAAAAAAAAAA", "'; DROP TABLE user; --"]) {
			const answer = await server.request("GET", `/users/${encodeURIComponent(id)}`);
			expect(answer.status).toBe(404);
		}
	});
});

describe("check order", () => {
	test("a missing path resource (404) wins over an invalid body (400)", async () => {
		const answer = await server.request("POST", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/verify-password", "not json");
		expect(answer.status).toBe(404);
	});

	test("an invalid body (400 INVALID_DATA) wins over the rate limit", async () => {
		const ip = "198.51.100.77";
		for (let i = 0; i < 5; i++) {
			await server.request("POST", `/users/${userId}/verify-password`, { password: "wrong password", client_ip: ip });
		}
		const limited = await server.request("POST", `/users/${userId}/verify-password`, { password: "wrong password", client_ip: ip });
		expect(limited.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		const invalid = await server.request("POST", `/users/${userId}/verify-password`, { client_ip: ip });
		expect(invalid.body).toEqual({ error: "INVALID_DATA" });
	});
});

// GET /health answers only the pipeline's codes (its 503 carries no code): an empty table.
documentedErrorsOf(handlers, () => server, () => ({ getHealth: [] }));
