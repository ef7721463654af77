// Attack (on availability): make sign-ins wait on the network. With --leak-check online, a correct
// password is also asked of the range API, at most once a day per user; that question is asked
// after the answer, so a slow or unreachable API never slows a sign-in, and a leak it finds flags
// the user for their next answer (API.md section 15).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, STRONG_PASSWORD, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support/server.ts";
import { sha1Upper } from "../leak-check/helpers.ts";

const DAY = 24 * 60 * 60 * 1000;
let api: ReturnType<typeof Bun.serve>;
const newDir = tempDirsForThisFile();
let dir: string;
let server: TestServer;
const asked: string[] = [];
let delayMs = 0;
const leaked = new Set<string>();

beforeAll(async () => {
	api = Bun.serve({
		port: 0,
		hostname: "127.0.0.1",
		async fetch(request) {
			const prefix = new URL(request.url).pathname.split("/").pop() ?? "";
			asked.push(prefix);
			if (delayMs > 0) await Bun.sleep(delayMs);
			const lines = [...leaked].filter((hash) => hash.startsWith(prefix)).map((hash) => `${hash.slice(5)}:7`);
			return new Response([...lines, "0000000000000000000000000000000000A:0"].join("\r\n"));
		},
	});
	dir = newDir();
	server = await startOnline();
});

function startOnline(): Promise<TestServer> {
	return startTestServer({ dir, leakCheck: { mode: "online", api: api.url.origin, timeoutMs: 10_000 } });
}

/** A user made while the server checked new passwords offline, so that the online server has asked
 *  (and cached) nothing about the password yet. */
async function createUser(): Promise<{ id: string; email: string }> {
	await server.stop();
	server = await startTestServer({ dir });
	const email = uniqueEmail();
	const created = await server.request("POST", "/users", { email, password: STRONG_PASSWORD });
	await server.stop();
	server = await startOnline();
	return { id: created.body.id, email };
}
afterAll(async () => {
	await server.stop();
	api.stop(true);
});

async function flagOf(userId: string): Promise<boolean> {
	return (await server.request("GET", `/users/${userId}`)).body.password_leaked;
}

async function until(check: () => Promise<boolean>): Promise<void> {
	for (let i = 0; i < 100 && !(await check()); i++) await Bun.sleep(50);
}

test("a sign-in slowed by the re-check: a range API that takes 3 s does not delay the answer, and its verdict flags the user after", async () => {
	const user = await createUser();
	leaked.add(sha1Upper(STRONG_PASSWORD));
	asked.length = 0;
	delayMs = 3000;
	try {
		const started = performance.now();
		const answer = await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD });
		const took = performance.now() - started;
		expect(answer.status).toBe(200);
		expect(answer.body.password_leaked).toBe(false); // the API had not answered yet
		expect(took).toBeLessThan(2500);
		await until(() => flagOf(user.id));
		expect(await flagOf(user.id)).toBe(true);
		expect(asked).toEqual([sha1Upper(STRONG_PASSWORD).slice(0, 5)]);
		// Flagged now: the next answer says so, from the database, without asking the API again.
		const next = await server.request("POST", "/authenticate/password", { email: user.email, password: STRONG_PASSWORD });
		expect(next.body.password_leaked).toBe(true);
		expect(asked).toHaveLength(1);
	} finally {
		delayMs = 0;
		leaked.clear();
	}
});

/** Online verdicts so far (holm_leak_checks_total: the range cache answers some without a request). */
async function onlineVerdicts(): Promise<number> {
	const text = await (await server.fetch(`/metrics`, { headers: { Authorization: "Bearer test-secret-that-is-long-enough" } })).text();
	return [...text.matchAll(/^holm_leak_checks_total\{result="(?:passed|weak)"\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

test("the range API is asked about a user's password at most once a day", async () => {
	const user = await createUser();
	const checkedAt = async () => Number((await server.rows("SELECT password_leak_checked_online_at AS t FROM user_table WHERE id = ?".replace("user_table", server.store === "postgres" ? '"user"' : "user"), user.id))[0]!.t);
	await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	await until(async () => (await onlineVerdicts()) === 1);
	const first = await checkedAt();
	for (let i = 0; i < 3; i++) await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	await Bun.sleep(300);
	expect(await onlineVerdicts()).toBe(1);
	server.clock.advance(DAY);
	await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
	await until(async () => (await onlineVerdicts()) === 2);
	expect(await onlineVerdicts()).toBe(2);
	expect(await checkedAt()).toBe(first + DAY / 1000);
	expect(await flagOf(user.id)).toBe(false);
});

test("an imported password that leaked is flagged by the online re-check, although the same sign-in upgrades its hash to argon2id", async () => {
	const { default: bcryptjs } = await import("bcryptjs");
	const email = uniqueEmail();
	const password = `${STRONG_PASSWORD} imported`; // a range no earlier test has had cached
	const imported = await server.request("POST", "/user-imports", {
		users: [{ id: null, email, email_verified: true, created_at: null, password_hash: bcryptjs.hashSync(password, 4), totp_key: null, recovery_code: null }],
	});
	const userId: string = imported.body.results[0].user_id;
	leaked.add(sha1Upper(password));
	delayMs = 300; // the verdict comes after the upgrade has replaced the hash that was verified
	try {
		const answer = await server.request("POST", "/authenticate/password", { email, password });
		expect(answer.status).toBe(200);
		const [row] = await server.rows("SELECT password_hash FROM user_table WHERE id = ?".replace("user_table", server.store === "postgres" ? '"user"' : "user"), userId);
		expect(String(row!.password_hash)).toStartWith("$argon2id$");
		await until(() => flagOf(userId));
		expect(await flagOf(userId)).toBe(true);
	} finally {
		delayMs = 0;
		leaked.clear();
	}
});
