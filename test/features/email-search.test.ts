// GET /users?email_query= through the substring index (SQLite FTS5 trigrams; PostgreSQL pg_trgm):
// the index must follow every change of an email (sign-up, import, change, deletion), match
// literally whatever the query holds, and agree with a plain scan.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const tag = crypto.randomUUID().slice(0, 6);

const server = serverForThisFile();

async function search(query: string): Promise<{ emails: string[]; total: number }> {
	const answer = await server.request("GET", `/users?per_page=100&email_query=${encodeURIComponent(query)}`);
	expect(answer.status).toBe(200);
	return { emails: answer.body.map((user: { email: string }) => user.email).sort(), total: Number(answer.headers.get("X-Pagination-Total")) };
}

test("users who signed up, were imported, changed or lost their email are found exactly as a scan would find them", async () => {
	const signedUp = await createUser(server, { email: `alpha-${tag}@search.example` });
	const imported = await server.request("POST", "/user-imports", {
		users: [{ email: `beta-${tag}@search.example` }, { email: `gamma-${tag}@other.example` }, { email: `o"quote%_*[x]-${tag}@search.example` }],
	});
	expect(imported.body.created).toBe(3);

	expect(await search(`-${tag}@search`)).toEqual({ emails: [`alpha-${tag}@search.example`, `beta-${tag}@search.example`, `o"quote%_*[x]-${tag}@search.example`], total: 3 });
	expect(await search(`ALPHA-${tag}`)).toEqual({ emails: [`alpha-${tag}@search.example`], total: 1 });
	// The characters that mean something to MATCH, LIKE or GLOB are matched literally.
	expect((await search(`"quote%_*[x]-${tag}`)).emails).toEqual([`o"quote%_*[x]-${tag}@search.example`]);
	expect((await search(`%_*[x]`)).emails).toEqual([`o"quote%_*[x]-${tag}@search.example`]);
	expect((await search(`a%a-${tag}`)).total).toBe(0);

	// An email change: found by the new address, no longer by the old one.
	const request = await server.request("POST", `/users/${signedUp.id}/email-update-requests`, { email: `delta-${tag}@search.example` });
	expect((await server.request("POST", "/verify-new-email", { request_id: request.body.id, code: request.body.code })).status).toBe(200);
	expect((await search(`alpha-${tag}`)).total).toBe(0);
	expect((await search(`delta-${tag}`)).emails).toEqual([`delta-${tag}@search.example`]);

	// A deletion: gone from the results.
	expect((await server.request("DELETE", `/users/${signedUp.id}`)).status).toBe(204);
	expect((await search(`delta-${tag}`)).total).toBe(0);
	// And the address can be taken again and found again.
	await server.request("POST", "/users", { email: `delta-${tag}@search.example`, password: STRONG_PASSWORD });
	expect((await search(`delta-${tag}`)).total).toBe(1);
});

test("queries of one and two characters, which have no trigram, still match", async () => {
	await createUser(server, { email: `zq${tag}@short.example` });
	expect((await search("zq")).emails).toContain(`zq${tag}@short.example`);
	expect((await search("q")).emails).toContain(`zq${tag}@short.example`);
});

test("pages of a search hold every match once, in the order asked for", async () => {
	const rows = Array.from({ length: 30 }, (_, i) => ({ email: `page${String(i).padStart(2, "0")}-${tag}@paged.example`, created_at: 1_600_000_000 + (i % 7) }));
	expect((await server.request("POST", "/user-imports", { users: rows })).body.created).toBe(30);
	const seen: string[] = [];
	for (let page = 1; page <= 4; page++) {
		const answer = await server.request("GET", `/users?per_page=8&page=${page}&sort_order=descending&email_query=${encodeURIComponent(`-${tag}@paged`)}`);
		expect(answer.headers.get("X-Pagination-Total")).toBe("30");
		seen.push(...answer.body.map((user: { email: string; created_at: number }) => `${user.created_at} ${user.email}`));
	}
	const pastTheEnd = await server.request("GET", `/users?per_page=8&page=5&email_query=${encodeURIComponent(`-${tag}@paged`)}`);
	expect(pastTheEnd.body).toEqual([]);
	expect(pastTheEnd.headers.get("X-Pagination-Total")).toBe("30");
	expect(seen).toHaveLength(30);
	expect(new Set(seen).size).toBe(30);
	expect(seen.map((s) => Number(s.split(" ")[0]))).toEqual([...seen.map((s) => Number(s.split(" ")[0]))].sort((a, b) => b - a));
});
