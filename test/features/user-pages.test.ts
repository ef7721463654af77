// Every page of GET /users, in both orders and by both sort keys, on whichever database the suite
// runs on: the pages together hold every user exactly once, in order, whichever end of the list a
// page is read from (PostgreSQL counts deep pages from the nearer end; SQLite keeps page anchors).
import { beforeAll, expect, test } from "bun:test";
import { generateId } from "../../src/lib/ids.ts";
import { serverForThisFile, startTestServer } from "../support/server.ts";

const users: { id: string; created_at: number }[] = [];

const server = serverForThisFile();
beforeAll(async () => {
	// Ties in created_at, so the id decides between them.
	const rows = Array.from({ length: 47 }, (_, i) => ({ id: generateId(), created_at: 1_600_000_000 + (i % 9) }));
	const answer = await server.request("POST", "/user-imports", { users: rows });
	expect(answer.body.created).toBe(47);
	users.push(...rows);
});

function expected(sortBy: "created_at" | "id", sortOrder: "ascending" | "descending"): string[] {
	const sorted = [...users].sort((a, b) => (sortBy === "id" || a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at - b.created_at));
	if (sortOrder === "descending") sorted.reverse();
	return sorted.map((user) => user.id);
}

for (const sortBy of ["created_at", "id"] as const) {
	for (const sortOrder of ["ascending", "descending"] as const) {
		test(`every page by ${sortBy}, ${sortOrder}, holds the next users in order`, async () => {
			for (const perPage of [5, 7, 20]) {
				const seen: string[] = [];
				const pages = Math.ceil(users.length / perPage);
				for (let page = 1; page <= pages + 1; page++) {
					const answer = await server.request("GET", `/users?sort_by=${sortBy}&sort_order=${sortOrder}&per_page=${perPage}&page=${page}`);
					expect(answer.headers.get("X-Pagination-Total")).toBe(String(users.length));
					expect(answer.headers.get("X-Pagination-Total-Pages")).toBe(String(pages));
					if (page > pages) expect(answer.body).toEqual([]);
					seen.push(...answer.body.map((user: { id: string }) => user.id));
				}
				expect(seen).toEqual(expected(sortBy, sortOrder));
			}
		});
	}
}

test("deep pages among thousands of users, read from the middle of the list, hold the right users", async () => {
	const many = await startTestServer();
	try {
		// Spread over many slices of either ordering (PostgreSQL counts 4,096-second slices and
		// two-character id prefixes), some seconds holding several users.
		const rows = Array.from({ length: 6000 }, (_, i) => ({ id: generateId(), created_at: 1_600_000_000 + Math.floor(i * 3.7) }));
		for (let at = 0; at < rows.length; at += 1000) {
			expect((await many.request("POST", "/user-imports", { users: rows.slice(at, at + 1000) })).body.created).toBe(1000);
		}
		// A few deletions and late imports move the slices' counts.
		for (const row of rows.splice(2500, 3)) expect((await many.request("DELETE", `/users/${row.id}`)).status).toBe(204);
		const late = Array.from({ length: 5 }, (_, i) => ({ id: generateId(), created_at: 1_600_005_000 + i }));
		await many.request("POST", "/user-imports", { users: late });
		rows.push(...late);

		for (const sortBy of ["created_at", "id"] as const) {
			const ascending = [...rows].sort((a, b) => (sortBy === "id" || a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at - b.created_at)).map((row) => row.id);
			for (const sortOrder of ["ascending", "descending"] as const) {
				const expectedOrder = sortOrder === "ascending" ? ascending : [...ascending].reverse();
				for (const page of [1, 40, 101, 149, 150, 151, 200, 251, 301]) {
					const answer = await many.request("GET", `/users?sort_by=${sortBy}&sort_order=${sortOrder}&per_page=20&page=${page}`);
					expect(answer.headers.get("X-Pagination-Total")).toBe(String(rows.length));
					expect(answer.body.map((user: { id: string }) => user.id), `${sortBy} ${sortOrder} page ${page}`).toEqual(expectedOrder.slice((page - 1) * 20, page * 20));
				}
			}
		}
	} finally {
		await many.stop();
	}
});
