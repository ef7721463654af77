// POST /user-imports (API.md section 9): rows checked one by one, ids kept, second factors
// imported, conflicts within and across requests, on whichever database the suite runs on.
import { beforeAll, describe, expect, test } from "bun:test";
import { encodeBase64 } from "@oslojs/encoding";
import { generateId } from "../../src/lib/ids.ts";
import handlers from "../../src/features/user-imports/handlers.ts";
import { documentedErrorsOf } from "../support/documented-errors.ts";
import { feedSettled } from "../support/events-flow.ts";
import { authenticatorCode, createUser, recordingLogger, serverForThisFile, STRONG_PASSWORD, uniqueEmail, userAnswer } from "../support/server.ts";

const recorded = recordingLogger();

/** The fields of each "security event" line logged so far. */
function loggedEvents(): Record<string, unknown>[] {
	return recorded.entries().flatMap(({ time: _time, level: _level, message, ...fields }) => (message === "security event" ? [fields] : []));
}

// Made once: an argon2id hash as Holm (and Bun's defaults, m=64 MiB) writes it.
let argonHash: string;
const IMPORTED_PASSWORD = "an imported passphrase 7";

const server = serverForThisFile({ log: recorded.log });
beforeAll(async () => {
	argonHash = await Bun.password.hash(IMPORTED_PASSWORD, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
});

function nowSeconds(): number {
	return Math.floor(server.clock.now / 1000);
}

async function importRows(users: unknown[], onConflict?: "error" | "skip") {
	const answer = await server.request("POST", "/user-imports", onConflict === undefined ? { users } : { users, on_conflict: onConflict });
	expect(answer.status).toBe(200);
	return answer.body as { created: number; skipped: number; failed: number; results: { index: number; status: string; user_id?: string; error?: string }[] };
}

describe("POST /user-imports", () => {
	test("a full row keeps its id, email, verification, creation time, password, TOTP key and recovery code", async () => {
		const id = generateId();
		const email = uniqueEmail();
		const key = crypto.getRandomValues(new Uint8Array(32)); // not 20 bytes: other systems make other lengths
		const answer = await importRows([
			{
				id,
				email: email.toUpperCase(),
				email_verified: true,
				created_at: 1_600_000_000,
				password_hash: argonHash,
				totp_key: encodeBase64(key),
				recovery_code: "abcd2345",
			},
		]);
		expect(answer).toEqual({ created: 1, skipped: 0, failed: 0, results: [{ index: 0, status: "created", user_id: id }] });

		const user = await server.request("GET", `/users/${id}`);
		expect(user.body).toEqual({
			id,
			created_at: 1_600_000_000,
			email,
			email_verified: true,
			registered_totp: true,
			totp_registered: true,
			recovery_code: "ABCD2345",
			password_leaked: false,
			password_set: true,
			disabled: false,
			disabled_until: null,
		});
		const signIn = await server.request("POST", "/authenticate/password", { email, password: IMPORTED_PASSWORD });
		expect(signIn.status).toBe(200);
		expect(signIn.body.id).toBe(id);
		const totp = await server.request("POST", `/users/${id}/verify-2fa/totp`, { code: authenticatorCode(key, server.clock.now) });
		expect(totp.status).toBe(204);
		const reset = await server.request("POST", `/users/${id}/reset-2fa`, { recovery_code: "ABCD2345" });
		expect(reset.status).toBe(200);
	});

	test("an empty row makes a user with a new id, no email, no password, now as creation time and a new recovery code", async () => {
		const answer = await importRows([{}]);
		expect(answer.created).toBe(1);
		const id = answer.results[0]!.user_id!;
		const user = await server.request("GET", `/users/${id}`);
		expect(user.body).toEqual(userAnswer({ id, created_at: nowSeconds(), email: null, password_set: false }));
		const [row] = await server.rows("SELECT password_hash FROM user_table WHERE id = ?".replace("user_table", server.store === "postgres" ? '"user"' : "user"), id);
		expect(row!.password_hash).toBe("");
	});

	test("nulls count as absent", async () => {
		const answer = await importRows([{ id: null, email: null, email_verified: null, created_at: null, password_hash: null, totp_key: null, recovery_code: null, passkeys: null }]);
		expect(answer.created).toBe(1);
	});

	const now = Date.UTC(2026, 10, 21, 12, 0, 0) / 1000;
	const invalidRows: [string, unknown, string][] = [
		["a row that is not an object", "user@example.com", "INVALID_DATA"],
		["an array as a row", [], "INVALID_DATA"],
		["an id that is no Holm identifier", { id: "not-an-id" }, "INVALID_DATA"],
		["an id with an l (outside the alphabet)", { id: "l".repeat(24) }, "INVALID_DATA"],
		["an email without a dot in the domain", { email: "user@localhost" }, "INVALID_DATA"],
		["an email with two @", { email: "a@b@example.com" }, "INVALID_DATA"],
		["an email with a control character", { email: "user\u0007@example.com" }, "INVALID_DATA"],
		["an email that is a number", { email: 7 }, "INVALID_DATA"],
		["email_verified that is a string", { email_verified: "yes" }, "INVALID_DATA"],
		["created_at more than an hour in the future", { created_at: now + 3601 }, "INVALID_DATA"],
		["created_at with a fraction", { created_at: 1_600_000_000.5 }, "INVALID_DATA"],
		["created_at below zero", { created_at: -1 }, "INVALID_DATA"],
		["created_at as a string", { created_at: "1600000000" }, "INVALID_DATA"],
		["a TOTP key of 9 bytes", { totp_key: encodeBase64(new Uint8Array(9)) }, "INVALID_DATA"],
		["a TOTP key of 65 bytes", { totp_key: encodeBase64(new Uint8Array(65)) }, "INVALID_DATA"],
		["a TOTP key that is not base64", { totp_key: "not base64 at all!!" }, "INVALID_DATA"],
		["a recovery code of 7 characters", { recovery_code: "ABCD234" }, "INVALID_DATA"],
		["a recovery code with an O", { recovery_code: "ABCDEFGO" }, "INVALID_DATA"],
		["a password hash that is a number", { password_hash: 5 }, "INVALID_DATA"],
		["passkeys that are not a list", { passkeys: "none" }, "INVALID_DATA"],
		["an unsalted MD5", { password_hash: "5f4dcc3b5aa765d61d8327deb882cf99" }, "UNSUPPORTED_PASSWORD_HASH"],
		["an unsalted SHA-1", { password_hash: "5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8" }, "UNSUPPORTED_PASSWORD_HASH"],
		["an argon2id hash asking for 4 GiB", { password_hash: "$argon2id$v=19$m=4194304,t=3,p=1$c29tZXNhbHRzb21lc2FsdA$3nMTQ5m2TqHGzURAw+SFjzEQrHd6xiPOfvKLYtlQfcw" }, "INVALID_PASSWORD_HASH"],
		["a truncated argon2id hash", { password_hash: "$argon2id$v=19$m=19456,t=2,p=1$" }, "INVALID_PASSWORD_HASH"],
	];
	test.each(invalidRows)("%s fails alone with its error", async (_name, row, error) => {
		const email = uniqueEmail();
		const answer = await importRows([{ email }, row, {}]);
		expect(answer.created).toBe(2);
		expect(answer.failed).toBe(1);
		expect(answer.results[1]).toEqual({ index: 1, status: "failed", error });
		expect(answer.results[0]!.status).toBe("created");
		expect(answer.results[2]!.status).toBe("created");
	});

	test("created_at equal to now is accepted", async () => {
		const answer = await importRows([{ created_at: nowSeconds() }]);
		expect(answer.created).toBe(1);
	});

	test("a created_at up to an hour ahead (an export from a machine whose clock runs fast) is taken as now", async () => {
		const id = generateId();
		const answer = await importRows([{ id, created_at: nowSeconds() + 3600 }]);
		expect(answer.results).toEqual([{ index: 0, status: "created", user_id: id }]);
		expect((await server.request("GET", `/users/${id}`)).body.created_at).toBe(nowSeconds());
	});

	const invalidBodies: [string, unknown][] = [
		["a body that is a list", "[]"],
		["no users field", {}],
		["users that is not a list", { users: { id: "x" } }],
		["more than 1,000 rows", { users: Array.from({ length: 1001 }, () => ({})) }],
		["an unknown on_conflict", { users: [], on_conflict: "overwrite" }],
	];
	test.each(invalidBodies)("%s answers INVALID_DATA as a whole and imports nothing", async (_name, body) => {
		const [before] = await server.rows("SELECT n FROM user_count");
		const answer = await server.request("POST", "/user-imports", body);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ error: "INVALID_DATA" });
		const [after] = await server.rows("SELECT n FROM user_count");
		expect(Number(after!.n)).toBe(Number(before!.n));
	});

	test("1,000 rows of almost 4 MiB are taken; over 4 MiB answers PAYLOAD_TOO_LARGE; other endpoints stay at 64 KiB", async () => {
		const padding = "x".repeat(4000); // an unknown field, ignored
		const users = Array.from({ length: 1000 }, () => ({ email: uniqueEmail(), password_hash: argonHash, padding }));
		const body = JSON.stringify({ users });
		expect(body.length).toBeGreaterThan(3.9 * 1024 * 1024);
		expect(body.length).toBeLessThan(4 * 1024 * 1024);
		const answer = await server.request("POST", "/user-imports", body);
		expect(answer.status).toBe(200);
		expect(answer.body.created).toBe(1000);

		const tooLarge = await server.request("POST", "/user-imports", JSON.stringify({ users: [], padding: "x".repeat(4 * 1024 * 1024) }));
		expect(tooLarge.status).toBe(413);
		const elsewhere = await server.request("POST", "/users", JSON.stringify({ password: STRONG_PASSWORD, padding: "x".repeat(65 * 1024) }));
		expect(elsewhere.status).toBe(413);
	});

	test("an import is a security event with its counts, logged and stored in the feed (GET /events)", async () => {
		await feedSettled(server);
		const before = await server.request("GET", "/events?type=users_imported&limit=1000");
		expect(before.status).toBe(200);
		recorded.clear();
		await importRows([{}, { id: "bad" }]);
		expect(loggedEvents()).toContainEqual({ event: "users_imported", created: 1, skipped: 0, failed: 1, user_id: null, client_ip: null });
		await feedSettled(server);
		const stored = await server.request("GET", `/events?type=users_imported&after=${before.body.next}`);
		expect(stored.status).toBe(200);
		expect(stored.body.events).toHaveLength(1);
		expect(stored.body.events[0]).toMatchObject({ type: "users_imported", user_id: null, client_ip: null, data: { created: 1, skipped: 0, failed: 1 } });
		expect(stored.body.events[0].time).toBe(nowSeconds());
	});
});

describe("conflicts", () => {
	test("a row taking the email of an existing user: error fails it, skip names the holder", async () => {
		const holder = await createUser(server);
		const failed = await importRows([{ email: holder.email!.toUpperCase() }]);
		expect(failed.results).toEqual([{ index: 0, status: "failed", error: "EMAIL_ALREADY_USED" }]);
		const skipped = await importRows([{ email: holder.email }], "skip");
		expect(skipped).toEqual({ created: 0, skipped: 1, failed: 0, results: [{ index: 0, status: "skipped", user_id: holder.id }] });
	});

	test("a row taking the id of an existing user: error fails it, skip names that id", async () => {
		const holder = await createUser(server);
		const failed = await importRows([{ id: holder.id, email: uniqueEmail() }]);
		expect(failed.results).toEqual([{ index: 0, status: "failed", error: "ID_ALREADY_USED" }]);
		const skipped = await importRows([{ id: holder.id, email: uniqueEmail() }], "skip");
		expect(skipped.results).toEqual([{ index: 0, status: "skipped", user_id: holder.id }]);
		// The existing user is untouched.
		expect((await server.request("GET", `/users/${holder.id}`)).body.email).toBe(holder.email);
	});

	test("the email decides first: a row whose email and id are both taken by different users names the email's holder", async () => {
		const byEmail = await createUser(server);
		const byId = await createUser(server);
		const failed = await importRows([{ id: byId.id, email: byEmail.email }]);
		expect(failed.results[0]!.error).toBe("EMAIL_ALREADY_USED");
		const skipped = await importRows([{ id: byId.id, email: byEmail.email }], "skip");
		expect(skipped.results[0]!.user_id).toBe(byEmail.id);
	});

	test("within one request, the first row with an email or id wins", async () => {
		const email = uniqueEmail();
		const id = generateId();
		const rows = [{ email }, { email: email.toUpperCase() }, { id }, { id, email: uniqueEmail() }];
		const failed = await importRows(rows);
		expect(failed.results.map((r) => r.status)).toEqual(["created", "failed", "created", "failed"]);
		expect(failed.results[1]!.error).toBe("EMAIL_ALREADY_USED");
		expect(failed.results[3]!.error).toBe("ID_ALREADY_USED");

		const email2 = uniqueEmail();
		const id2 = generateId();
		const skipped = await importRows([{ email: email2 }, { email: email2 }, { id: id2 }, { id: id2 }], "skip");
		expect(skipped.results.map((r) => r.status)).toEqual(["created", "skipped", "created", "skipped"]);
		expect(skipped.results[1]!.user_id).toBe(skipped.results[0]!.user_id!);
		expect(skipped.results[3]!.user_id).toBe(id2);
	});

	test("a later row of a request may take an email whose earlier row failed for another reason", async () => {
		const email = uniqueEmail();
		const answer = await importRows([{ email, password_hash: "5f4dcc3b5aa765d61d8327deb882cf99" }, { email }]);
		expect(answer.results.map((r) => r.status)).toEqual(["failed", "created"]);
	});

	test("a later row gets an email whose earlier row was left out for its id", async () => {
		const holder = await createUser(server);
		const email = uniqueEmail();
		const answer = await importRows([{ id: holder.id, email }, { email }]);
		expect(answer.results[0]).toEqual({ index: 0, status: "failed", error: "ID_ALREADY_USED" });
		expect(answer.results[1]!.status).toBe("created");
		expect((await server.request("GET", `/users/${answer.results[1]!.user_id}`)).body.email).toBe(email);
	});

	test("re-running a whole import with skip changes nothing", async () => {
		const rows = Array.from({ length: 50 }, (_, i) => ({
			id: generateId(),
			email: i % 5 === 0 ? null : uniqueEmail(),
			created_at: 1_600_000_000 + i,
			password_hash: i % 2 === 0 ? argonHash : null,
			totp_key: i % 3 === 0 ? encodeBase64(crypto.getRandomValues(new Uint8Array(20))) : null,
		}));
		const first = await importRows(rows, "skip");
		expect(first.created).toBe(50);
		const table = server.store === "postgres" ? '"user"' : "user";
		const snapshot = async () => ({
			users: await server.rows(`SELECT * FROM ${table} ORDER BY id`),
			credentials: await server.rows("SELECT user_id, created_at, key, last_used_step FROM totp_credential ORDER BY user_id"),
		});
		const before = await snapshot();
		server.clock.advance(60_000);
		const again = await importRows(rows, "skip");
		expect(again.created).toBe(0);
		expect(again.skipped).toBe(50);
		expect(again.results.map((r) => r.user_id)).toEqual(rows.map((r) => r.id));
		expect(await snapshot()).toEqual(before);
	});

	test("parallel imports and sign-ups of one email leave exactly one user with it", async () => {
		for (const onConflict of ["error", "skip"] as const) {
			const email = uniqueEmail();
			const answers = await Promise.all([
				...Array.from({ length: 4 }, () => server.request("POST", "/user-imports", { users: [{ email }], on_conflict: onConflict })),
				server.request("POST", "/users", { email, password: STRONG_PASSWORD }),
			]);
			const imported = answers.slice(0, 4).map((a) => a.body.results[0]);
			const signUp = answers[4]!;
			const created = imported.filter((r) => r.status === "created").length + (signUp.status === 200 ? 1 : 0);
			expect(created).toBe(1);
			const holder = (await server.request("GET", `/users?email=${encodeURIComponent(email)}`)).body;
			expect(holder).toHaveLength(1);
			for (const result of imported) {
				if (result.status === "skipped") expect(result.user_id).toBe(holder[0].id);
				if (result.status === "failed") expect(result.error).toBe("EMAIL_ALREADY_USED");
				expect(result.status).not.toBe(onConflict === "skip" ? "failed" : "skipped");
			}
		}
	});

	test("parallel imports of one id create it once", async () => {
		const id = generateId();
		const answers = await Promise.all(Array.from({ length: 4 }, () => importRows([{ id, email: uniqueEmail() }])));
		const statuses = answers.map((a) => a.results[0]!.status);
		expect(statuses.filter((s) => s === "created")).toHaveLength(1);
		expect(answers.map((a) => a.results[0]!.error).filter((e) => e !== undefined)).toEqual(["ID_ALREADY_USED", "ID_ALREADY_USED", "ID_ALREADY_USED"]);
	});

	test("the count of users stays exact through imports that create, skip and fail rows, and deletes", async () => {
		const table = server.store === "postgres" ? '"user"' : "user";
		const holder = await createUser(server);
		await importRows([{ email: holder.email }, {}, { id: holder.id }], "skip");
		await importRows([{ email: holder.email }, { email: uniqueEmail() }]);
		await server.request("DELETE", `/users/${holder.id}`);
		const [{ n }] = (await server.rows("SELECT n FROM user_count")) as [{ n: unknown }];
		const [{ total }] = (await server.rows(`SELECT count(*) AS total FROM ${table}`)) as [{ total: unknown }];
		expect(Number(n)).toBe(Number(total));
		expect((await server.request("GET", "/users")).headers.get("X-Pagination-Total")).toBe(String(Number(total)));
	});
});

documentedErrorsOf(handlers, () => server, ({ post }) => ({
	importUsers: [["INVALID_DATA", () => post("/user-imports", { users: "none" })]],
}));
