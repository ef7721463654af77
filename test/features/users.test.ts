// POST /users, GET /users, GET /users/:user_id, DELETE /users/:user_id
import { beforeAll, describe, expect, test } from "bun:test";
import { documentedErrorsOf, freshIp, last, LEAKED, UNKNOWN } from "../support/documented-errors.ts";
import { createUser, serverForThisFile, STRONG_PASSWORD, uniqueEmail } from "../support/server.ts";
import handlers from "../../src/features/users/handlers.ts";
import { userAnswer } from "../../src/features/users/schemas.ts";
import type { User } from "../../src/features/users/store.ts";

const server = serverForThisFile();

describe("POST /users", () => {
	test("creates a user with the full user model", async () => {
		const email = uniqueEmail();
		const answer = await server.request("POST", "/users", { email, password: STRONG_PASSWORD });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({
			id: expect.stringMatching(/^[abcdefghijkmnpqrstuvwxyz23456789]{24}$/),
			created_at: Math.floor(server.clock.now / 1000),
			email,
			email_verified: false,
			registered_totp: false,
			totp_registered: false,
			recovery_code: expect.stringMatching(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/),
			password_leaked: false,
			password_set: true,
			disabled: false,
			disabled_until: null,
		});
	});

	test("the email is optional and stored lower-cased", async () => {
		const noEmail = await server.request("POST", "/users", { password: STRONG_PASSWORD });
		expect(noEmail.status).toBe(200);
		expect(noEmail.body.email).toBeNull();

		const mixed = await server.request("POST", "/users", { email: "Mixed.Case@Example.COM", password: STRONG_PASSWORD });
		expect(mixed.body.email).toBe("mixed.case@example.com");
	});

	test("an email already in use, in any case, answers EMAIL_ALREADY_USED", async () => {
		const email = uniqueEmail();
		await createUser(server, { email });
		const answer = await server.request("POST", "/users", { email: email.toUpperCase(), password: STRONG_PASSWORD });
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "EMAIL_ALREADY_USED" });
	});

	test("parallel creations with one email leave exactly one user", async () => {
		const email = uniqueEmail();
		const answers = await Promise.all(
			Array.from({ length: 5 }, () => server.request("POST", "/users", { email, password: STRONG_PASSWORD })),
		);
		expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
		expect(answers.filter((a) => a.body.error === "EMAIL_ALREADY_USED")).toHaveLength(4);
	});

	test("malformed emails answer INVALID_DATA", async () => {
		for (const email of ["", "no-at-sign", "@example.com", "user@", "user@nodot", " user@example.com", "user@example.com ", "user@example.", `${"a".repeat(250)}@example.com`]) {
			const answer = await server.request("POST", "/users", { email, password: STRONG_PASSWORD });
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
	});

	test("passwords shorter than 8 or longer than 127 characters answer INVALID_DATA", async () => {
		for (const password of ["1234567", "x".repeat(128), ""]) {
			const answer = await server.request("POST", "/users", { password });
			expect(answer.body).toEqual({ error: "INVALID_DATA" });
		}
		const longest = await server.request("POST", "/users", { password: "y".repeat(127) });
		expect(longest.status).toBe(200);
	});

	test("a leaked password answers WEAK_PASSWORD", async () => {
		for (const password of ["password", "12345678"]) {
			const answer = await server.request("POST", "/users", { email: uniqueEmail(), password });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ error: "WEAK_PASSWORD" });
		}
	});

	test("the sixth creation from one client_ip within 10 s answers TOO_MANY_REQUESTS, and a token returns after 10 s", async () => {
		const ip = "203.0.113.10";
		for (let i = 0; i < 5; i++) {
			const answer = await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: ip });
			expect(answer.status).toBe(200);
		}
		const limited = await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: ip });
		expect(limited.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		const otherIp = await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: "203.0.113.11" });
		expect(otherIp.status).toBe(200);

		server.clock.advance(10_000);
		expect((await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: ip })).status).toBe(200);
		expect((await server.request("POST", "/users", { password: STRONG_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
	});
});

describe("GET /users/:user_id and DELETE /users/:user_id", () => {
	test("gets a user", async () => {
		const user = await createUser(server);
		const answer = await server.request("GET", `/users/${user.id}`);
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual(user);
	});

	test("an unknown user answers NOT_FOUND", async () => {
		expect((await server.request("GET", "/users/aaaaaaaaaaaaaaaaaaaaaaaa")).body).toEqual({ error: "NOT_FOUND" });
		expect((await server.request("DELETE", "/users/aaaaaaaaaaaaaaaaaaaaaaaa")).body).toEqual({ error: "NOT_FOUND" });
	});

	test("deleting a user removes it and everything it owns", async () => {
		const user = await createUser(server);
		const reset = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
		expect(reset.status).toBe(200);

		const answer = await server.request("DELETE", `/users/${user.id}`);
		expect(answer.status).toBe(204);
		expect(answer.body).toBeNull();
		expect((await server.request("GET", `/users/${user.id}`)).status).toBe(404);
		expect((await server.request("GET", `/password-reset-requests/${reset.body.id}`)).status).toBe(404);
		expect(await server.rows("SELECT id FROM password_reset_request WHERE user_id = ?", user.id)).toEqual([]);
		expect((await server.request("DELETE", `/users/${user.id}`)).status).toBe(404);
	});
});

describe("GET /users", () => {
	const ids: string[] = [];

	const listServer = serverForThisFile();
	beforeAll(async () => {
		// Five users over three distinct seconds; two pairs share a created_at to test the tie-break.
		for (const [i, step] of [0, 0, 1000, 1000, 1000].entries()) {
			listServer.clock.advance(step);
			ids.push((await createUser(listServer, { email: `list${i}@Example.org` })).id);
		}
		await createUser(listServer, { email: null });
	});

	function idsOf(body: { id: string }[]): string[] {
		return body.map((user) => user.id);
	}

	test("defaults: created_at ascending, ties broken by id, 20 per page, pagination headers", async () => {
		const answer = await listServer.request("GET", "/users");
		expect(answer.status).toBe(200);
		expect(answer.body).toHaveLength(6);
		const sorted = [...answer.body].sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
		expect(idsOf(answer.body)).toEqual(idsOf(sorted));
		expect(answer.headers.get("X-Pagination-Total")).toBe("6");
		expect(answer.headers.get("X-Pagination-Total-Pages")).toBe("1");
	});

	test("sort_by=id and sort_order=descending", async () => {
		const answer = await listServer.request("GET", "/users?sort_by=id&sort_order=descending");
		const expected = idsOf(answer.body).toSorted().reverse();
		expect(idsOf(answer.body)).toEqual(expected);
		const byCreatedDesc = await listServer.request("GET", "/users?sort_order=descending");
		const ascending = await listServer.request("GET", "/users");
		expect(idsOf(byCreatedDesc.body)).toEqual(idsOf(ascending.body).reverse());
	});

	test("per_page and page slice the list; total pages is ceil(total / per_page)", async () => {
		const all = idsOf((await listServer.request("GET", "/users")).body);
		const page2 = await listServer.request("GET", "/users?per_page=4&page=2");
		expect(idsOf(page2.body)).toEqual(all.slice(4, 8));
		expect(page2.headers.get("X-Pagination-Total-Pages")).toBe("2");
		const beyond = await listServer.request("GET", "/users?per_page=4&page=3");
		expect(beyond.body).toEqual([]);
		expect(beyond.headers.get("X-Pagination-Total")).toBe("6");
	});

	test("malformed values fall back to their defaults and per_page is capped at 100", async () => {
		const all = idsOf((await listServer.request("GET", "/users")).body);
		for (const query of ["sort_by=email", "sort_order=up", "per_page=abc", "per_page=0", "per_page=-3", "page=0", "page=x", "per_page=1.5", "page=0x2"]) {
			const answer = await listServer.request("GET", `/users?${query}`);
			expect(answer.status).toBe(200);
			expect(idsOf(answer.body)).toEqual(all);
		}
		const capped = await listServer.request("GET", "/users?per_page=1000");
		expect(capped.headers.get("X-Pagination-Total-Pages")).toBe("1");
	});

	test("email_query keeps users whose email contains it, ignoring case, with no wildcards", async () => {
		const answer = await listServer.request("GET", `/users?email_query=${encodeURIComponent("LIST3@")}`);
		expect(idsOf(answer.body)).toEqual([ids[3]!]);
		expect(answer.headers.get("X-Pagination-Total")).toBe("1");
		const domain = await listServer.request("GET", "/users?email_query=example.org");
		expect(domain.body).toHaveLength(5);
		const wildcard = await listServer.request("GET", `/users?email_query=${encodeURIComponent("%")}`);
		expect(wildcard.body).toEqual([]);
		expect(wildcard.headers.get("X-Pagination-Total-Pages")).toBe("0");
	});

	test("email finds exactly the user who holds that address, in any case or normalisation form", async () => {
		const exact = await listServer.request("GET", `/users?email=${encodeURIComponent("LIST2@example.ORG")}`);
		expect(idsOf(exact.body)).toEqual([ids[2]!]);
		expect(exact.body[0].email).toBe("list2@example.org");
		expect(exact.headers.get("X-Pagination-Total")).toBe("1");
		expect(exact.headers.get("X-Pagination-Total-Pages")).toBe("1");
		// Exact, not a substring, and no wildcards.
		for (const miss of ["list2@example.or", "ist2@example.org", "list%@example.org", "nobody@example.org", "", "not-an-email"]) {
			const answer = await listServer.request("GET", `/users?email=${encodeURIComponent(miss)}`);
			expect(answer.body).toEqual([]);
			expect(answer.headers.get("X-Pagination-Total")).toBe("0");
		}
		// Filters combine.
		expect(idsOf((await listServer.request("GET", "/users?email=list2@example.org&email_query=list2")).body)).toEqual([ids[2]!]);
		expect((await listServer.request("GET", "/users?email=list2@example.org&email_query=list3")).body).toEqual([]);
		const nfd = await createUser(listServer, { email: "zoe\u0301@example.net" });
		const found = await listServer.request("GET", `/users?email=${encodeURIComponent("ZO\u00c9@example.net")}`);
		expect(idsOf(found.body)).toEqual([nfd.id]);
		await listServer.request("DELETE", `/users/${nfd.id}`);
	});
});

describe("the user's answer written as a literal (src/http/wire.ts)", () => {
	test("is the bytes its declaration makes field by field, in the same order, for every flag and any email", () => {
		const emails = [null, "plain@example.org", 'quote"back\\slash@example.org', "tab\tnew\nline\u0000nul@example.org", "é\u2028\u2029@例え.jp", "lone\ud800surrogate@example.org", ""];
		const users: User[] = [];
		for (const [i, email] of emails.entries()) {
			users.push({
				id: "abcdefghijkmnpqrstuvwxyz".slice(i) + "23456789".slice(0, i),
				createdAt: 1_700_000_000 + i,
				email,
				emailVerified: (i & 1) === 1,
				totpRegistered: (i & 2) === 2,
				recoveryCode: "ABCDEFGH",
				passwordLeaked: (i & 4) === 4,
				passwordSet: (i & 1) === 0,
				disabled: i % 3 !== 0,
				disabledUntil: i % 3 === 2 ? 1_800_000_000 + i : null,
				disabledReason: i % 3 === 0 ? null : (email ?? "no email"),
			});
		}
		for (const user of users) expect(JSON.stringify(userAnswer.json(user))).toBe(JSON.stringify(userAnswer.declared(user)));
		// A page is the same array either way.
		expect(JSON.stringify(users.map(userAnswer.json))).toBe(JSON.stringify(users.map(userAnswer.declared)));
	});
});

documentedErrorsOf(handlers, () => server, ({ post, get, del }) => ({
	createUser: [
		["INVALID_DATA", () => post("/users", {})],
		["EMAIL_ALREADY_USED", async () => post("/users", { email: (await createUser(server)).email, password: STRONG_PASSWORD })],
		["WEAK_PASSWORD", () => post("/users", { email: uniqueEmail(), password: LEAKED })],
		["TOO_MANY_REQUESTS", () => ((ip) => last(6, () => post("/users", { password: STRONG_PASSWORD, client_ip: ip })))(freshIp())],
	],
	listUsers: [],
	getUser: [["NOT_FOUND", () => get(`/users/${UNKNOWN}`)]],
	deleteUser: [["NOT_FOUND", () => del(`/users/${UNKNOWN}`)]],
	disableUser: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/disable`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/disable`, { reason: "x".repeat(201) })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/disable`, { until: Math.floor(server.clock.now / 1000) })],
	],
	enableUser: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/enable`, {})],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/enable`, "[]")],
	],
}));
