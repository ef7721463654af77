// The command line on PostgreSQL, as real processes: `holm migrate` ahead of a deploy, then two
// `holm serve` on one database (two instances) that see the same users. Run by `npm test` only
// on PostgreSQL (test/runner/postgres-suite.ts).
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describePostgres } from "../../src/stores/postgres/index.ts";
import { createTestDatabase } from "../support/postgres.ts";
import { PROCESS_SECRET, runHolm, serveHolm, STRONG_PASSWORD, tempDir } from "../support/server.ts";

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("migrate, then two instances on one database serve the same users", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const migrated = runHolm(["migrate", "--database", database]);
	expect(migrated.code).toBe(0);
	const where = describePostgres(database);
	expect(migrated.stdout).toMatch(new RegExp(`^applied schema steps? (1 to )?\\d+ to ${where.replaceAll("/", "\\/")} \\(a new database\\)`));
	expect(runHolm(["migrate", "--database", database]).stdout).toContain(`the schema of ${where} is up to date`);

	const secretFile = join(dir, "secret");
	writeFileSync(secretFile, PROCESS_SECRET + "\n", { mode: 0o600 });
	const env = { HOLM_DATABASE: database, HOLM_SECRET_FILE: secretFile };
	const first = await serveHolm([], env);
	const second = await serveHolm([], env);
	try {
		const created = await fetch(first.url + "/users", {
			method: "POST",
			headers: { Authorization: `Bearer ${PROCESS_SECRET}` },
			body: JSON.stringify({ email: "two-instances@example.com", password: STRONG_PASSWORD }),
		});
		expect(created.status).toBe(200);
		const user = (await created.json()) as { id: string };
		const seen = await fetch(`${second.url}/users/${user.id}`, { headers: { Authorization: PROCESS_SECRET } });
		expect(((await seen.json()) as { email: string }).email).toBe("two-instances@example.com");
		expect((await fetch(second.url + "/health")).status).toBe(200);
		// The start line names the database, host and database name, never a password.
		expect(first.output()).toContain(`database="${where}"`);
	} finally {
		expect(await first.stop()).toBe(0);
		expect(await second.stop()).toBe(0);
	}
});

test("a PostgreSQL that refuses the login says authentication failed, and a first start announces the new tables", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const stranger = new URL(database);
	stranger.username = "no_such_role_for_holm";
	stranger.password = "hunter2";
	const refused = runHolm(["migrate", "--database", stranger.href]);
	expect(refused.code).toBe(1);
	expect(refused.stderr).toContain("as no_such_role_for_holm: authentication failed:");
	expect(refused.stderr).not.toContain("hunter2");

	const secretFile = join(dir, "secret-2");
	writeFileSync(secretFile, PROCESS_SECRET + "\n", { mode: 0o600 });
	const holm = await serveHolm(["--database", database, "--secret-file", secretFile]);
	expect(await holm.stop()).toBe(0);
	expect(holm.output()).toContain(`created Holm's tables in the database at="${describePostgres(database)}"`);
});

test("the start line says how statements are sent: prepared on a direct connection, unnamed through PgBouncer in transaction mode", async () => {
	const database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	const secretFile = join(dir, "secret");
	writeFileSync(secretFile, PROCESS_SECRET + "\n", { mode: 0o600 });
	const holm = await serveHolm(["--database", database, "--secret-file", secretFile]);
	let line: string;
	try {
		// A request or two on the pool, so that a mode that did not fit would have failed.
		expect((await fetch(`${holm.url}/users?per_page=5`, { headers: { Authorization: `Bearer ${PROCESS_SECRET}` } })).status).toBe(200);
		expect((await fetch(`${holm.url}/users?per_page=5`, { headers: { Authorization: `Bearer ${PROCESS_SECRET}` } })).status).toBe(200);
	} finally {
		expect(await holm.stop()).toBe(0);
		line = holm.output().split("\n").find((l) => l.includes("holm is listening")) ?? holm.output();
	}
	// test/runner/postgres-suite.ts runs this file again through PgBouncer 1.18 with its defaults.
	// (Which of its two words depends on whether the probe met another's statement or found the
	// pooler's port: test/postgres/statement-mode.pg.ts.)
	if (process.env.HOLM_TEST_POOLER === "pgbouncer") expect(line).toMatch(/database_statements="unnamed \((a pooler that does not keep prepared statements|PostgreSQL answers at port \d+, not at port \d+: a pooler or a proxy in between)\)"/);
	else expect(line).toMatch(/database_statements="?prepared"?( |$)/);
});
