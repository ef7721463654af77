// Attack (or accident): one instance stops in the middle of a limit update, its transaction holding
// an address's rate_limit rows: SIGSTOP here; a paused VM, a debugger, or a network partition
// (until TCP gives up, hours later) do the same. Every other instance's guesses from that address
// then queue on the rows; they took all of its pooled connections, and it answered nothing,
// GET /health included, for as long as the first stayed stopped. Every connection now has a lock
// timeout (the waiting request answers 503 UNAVAILABLE with Retry-After), an idle-in-transaction
// timeout (the stopped instance's transaction is ended, its rows freed), and /health has a
// connection and a deadline of its own. Run by `npm test` only on PostgreSQL.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase } from "../support/postgres.ts";
import { createUser, recordingLogger, SECRET, startTestServer, STRONG_PASSWORD, type TestServer } from "../support/server.ts";

const HOLDER = join(import.meta.dir, "hold-limit-lock.ts");
const HELD_ADDRESS = "198.51.100.77";
let database: string;
let server: TestServer;
const { log, lines } = recordingLogger("info");

beforeAll(async () => {
	database = await createTestDatabase(process.env.HOLM_TEST_DATABASE_URL ?? "");
	server = await startTestServer({ database, log, listen: true });
});
afterAll(() => server?.stop());

interface Reply {
	status: number;
	body: any;
	retryAfter: string | null;
}

/** A request that must be answered: one that hangs fails the test after 15 s instead of hanging it. */
async function reply(method: string, path: string, body?: unknown): Promise<Reply> {
	const response = await fetch(server.url + path, {
		method,
		headers: { Authorization: SECRET },
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.timeout(15_000),
	});
	const text = await response.text();
	return { status: response.status, body: text === "" ? null : JSON.parse(text), retryAfter: response.headers.get("Retry-After") };
}

/** Waits until the process is stopped (state T in /proc), which it does from inside its transaction. */
async function stopped(process: Bun.Subprocess): Promise<void> {
	for (let i = 0; i < 400; i++) {
		if (process.exitCode !== null) throw new Error(`the holding instance exited (${process.exitCode}) before it stopped`);
		const stat = readFileSync(`/proc/${process.pid}/stat`, "utf8");
		if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("T")) return;
		await Bun.sleep(50);
	}
	throw new Error("the holding instance never stopped");
}

test("an instance stopped while it holds an address's limit rows does not freeze another instance", async () => {
	const user = await createUser(server);
	const other = await createUser(server);
	const holder = Bun.spawn([process.execPath, HOLDER, database, HELD_ADDRESS], { stdout: "ignore", stderr: "inherit" });
	try {
		await stopped(holder);
		// More guesses from the held address than the instance has pooled connections, then a probe
		// and a guess from elsewhere behind them.
		const held = Array.from({ length: 12 }, (_, i) =>
			reply("POST", `/users/${user.id}/verify-password`, { password: `wrong guess ${i}`, client_ip: HELD_ADDRESS }),
		);
		const health = reply("GET", "/health");
		const elsewhere = reply("POST", `/users/${other.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "198.51.100.78" });

		const [healthAnswer, elsewhereAnswer, ...answers] = await Promise.all([health, elsewhere, ...held]);
		expect(healthAnswer!.status).toBe(200);
		expect(elsewhereAnswer!.status).toBe(204);
		for (const answer of answers) {
			if (answer.status === 503) {
				expect(answer.body).toEqual({ error: "UNAVAILABLE" });
				expect(Number(answer.retryAfter)).toBeGreaterThan(0);
			} else {
				// Judged after the stopped instance's transaction was ended for it.
				expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
			}
		}
		expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
		// Logged as what it is, not as a failure of Holm's.
		const logged = lines.map((line) => JSON.parse(line));
		expect(logged.filter((line) => line.level === "error")).toEqual([]);
		expect(logged.find((line) => line.message === "the database did not answer in time")).toMatchObject({
			level: "warn",
			route: "/users/:user_id/verify-password",
			reason: "canceling statement due to lock timeout",
		});

		// The stopped instance's transaction is ended by the database, so the rows are free again
		// while it is still stopped.
		let judged = false;
		for (let i = 0; i < 40 && !judged; i++) {
			const guess = await reply("POST", `/users/${other.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: HELD_ADDRESS });
			judged = guess.status === 204;
			if (!judged) await Bun.sleep(250);
		}
		expect(judged).toBe(true);
	} finally {
		holder.kill("SIGKILL");
		await holder.exited;
	}
});
