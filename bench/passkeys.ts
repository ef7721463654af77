// `bun bench/passkeys.ts` (the last part of `npm run bench`): passkey sign-in options and assertion
// verification per second, on SQLite and (with HOLM_BENCH_DATABASE=postgres://…) on PostgreSQL,
// beside the Bun.serve POST floor, and the CPU time one assertion costs Holm.
//
// Load comes from this process (fetch, BENCH_PASSKEY_CONNECTIONS at a time, keep-alive over
// loopback), against the floor server and against `holm serve` run from src/ as processes of their
// own; both are loaded the same way, so the ratio is what Holm adds. Assertions are made before
// the clock starts (a software authenticator, test/support/passkey-authenticator.ts, signing each
// ceremony's challenge with an ES256 key whose counter stays 0, as many platform authenticators'
// do, so that assertions in flight together do not race on the counter); each verify is one
// ceremony used up, over BENCH_PASSKEY_USERS users, without client_ip. CPU per assertion is the
// Holm process's user+system time over the verify run divided by the assertions verified.
// In-process rows time verification.ts alone for each algorithm.
//
// Environment: BENCH_DURATION (10s), BENCH_PASSKEY_CONNECTIONS (16), BENCH_PASSKEY_USERS (200),
// HOLM_BENCH_DATABASE=postgres://… (adds the PostgreSQL rows; a throwaway database is created and dropped).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PasskeyConfig } from "../src/config.ts";
import { parseAssertion, verifyAssertion, verifyRegistration } from "../src/features/passkeys/verification.ts";
import type { Ceremony, Passkey } from "../src/features/passkeys/store.ts";
import { SoftAuthenticator, type Algorithm } from "../test/support/passkey-authenticator.ts";
import { freePort, ROOT, spawnFloor, stop, waitHealthy } from "./processes.ts";
import { number, rate } from "./report.ts";
import { createBenchDatabase, dropBenchDatabase } from "./seed.ts";

const SECONDS = Number((process.env.BENCH_DURATION ?? "10").replace(/s$/, ""));
const CONNECTIONS = Number(process.env.BENCH_PASSKEY_CONNECTIONS ?? 16);
const USERS = Number(process.env.BENCH_PASSKEY_USERS ?? 200);
const POSTGRES = process.env.HOLM_BENCH_DATABASE || undefined;
const RP: PasskeyConfig = { rpId: "example.com", rpName: "Bench", origins: ["https://example.com"], userVerification: "required" };
const SECRET = `bench-${crypto.randomUUID().replaceAll("-", "")}`;
const CLOCK_TICKS = 100; // USER_HZ on Linux: /proc/<pid>/stat counts CPU time in 1/100 s

function progress(message: string): void {
	process.stderr.write(`[bench passkeys] ${message}\n`);
}

/** `count` requests (or, without a count, as many as fit in SECONDS) `connections` at a time. */
async function load(make: (i: number) => Request, count?: number): Promise<{ perSecond: number; done: number; answers: Record<string, number>; seconds: number }> {
	const answers: Record<string, number> = {};
	let next = 0;
	const started = performance.now();
	const end = started + SECONDS * 1000;
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async () => {
			while (count === undefined ? performance.now() < end : next < count) {
				const response = await fetch(make(next++));
				const text = await response.text();
				const key = response.ok ? String(response.status) : `${response.status} ${JSON.parse(text).error ?? ""}`;
				answers[key] = (answers[key] ?? 0) + 1;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	const done = Object.values(answers).reduce((a, b) => a + b, 0);
	return { perSecond: done / seconds, done, answers, seconds };
}

function cpuSeconds(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
	return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime
}

function answersText(answers: Record<string, number>): string {
	return Object.entries(answers)
		.map(([key, n]) => `${number(n)} × ${key}`)
		.join(", ");
}

interface Row {
	scenario: string;
	rate: string;
	floor: string;
	note: string;
}

async function measureFloor(): Promise<{ row: Row; perSecond: number }> {
	const port = freePort();
	const child = spawnFloor(port);
	const url = `http://127.0.0.1:${port}`;
	await waitHealthy(url, performance.now(), child);
	const body = JSON.stringify({ credential: { id: "x".repeat(43), response: { clientDataJSON: "x".repeat(200), authenticatorData: "x".repeat(50), signature: "x".repeat(96) } } });
	await load(() => new Request(`${url}/users`, { method: "POST", body }), 2000); // warm-up
	const result = await load(() => new Request(`${url}/users`, { method: "POST", body }));
	await stop(child);
	return { perSecond: result.perSecond, row: { scenario: "floor: `Bun.serve` POST, parses the JSON body", rate: `${rate(result.perSecond)}/s`, floor: "—", note: answersText(result.answers) } };
}

async function measureHolm(database: string | undefined, floorPerSecond: number): Promise<Row[]> {
	const store = database === undefined ? "SQLite" : "PostgreSQL";
	const work = mkdtempSync(join(tmpdir(), "holm-bench-passkeys-"));
	const secretFile = join(work, "secret");
	writeFileSync(secretFile, `${SECRET}\n`, { mode: 0o600 });
	const port = freePort();
	const url = `http://127.0.0.1:${port}`;
	const args = [process.execPath, join(ROOT, "src", "main.ts"), "serve", "--port", String(port), "--dir", join(work, "data"), "--secret-file", secretFile];
	args.push("--log-level", "warn", "--leak-check", "off", "--passkey-rp-id", RP.rpId, "--passkey-origin", RP.origins[0]!);
	if (database !== undefined) args.push("--database", database);
	const child = Bun.spawn(args, { stdout: "inherit", stderr: "inherit" });
	try {
		await waitHealthy(url, performance.now(), child);
		const call = (path: string, body: unknown) =>
			new Request(url + path, { method: "POST", headers: { Authorization: SECRET, "Content-Type": "application/json" }, body: JSON.stringify(body) });
		const post = async (path: string, body: unknown) => (await fetch(call(path, body))).json() as Promise<any>;

		progress(`${store}: ${USERS} users, each with an ES256 passkey`);
		const devices: SoftAuthenticator[] = [];
		for (let i = 0; i < USERS; i++) {
			const user = await post("/users", { email: `passkey-bench-${i}@example.com`, password: "benchmark passphrase 2026" });
			const device = new SoftAuthenticator("ES256", { origin: RP.origins[0]!, zeroCounter: true });
			const started = await post(`/users/${user.id}/passkey-registrations`, {});
			const passkey = await post(`/passkey-registrations/${started.id}/verify`, { credential: device.register(started.options) });
			if (passkey.id === undefined) throw new Error(`registration failed: ${JSON.stringify(passkey)}`);
			devices.push(device);
		}

		progress(`${store}: sign-in options, ${SECONDS} s`);
		await load(() => call("/passkey-authentications", {}), 1000); // warm-up
		const optionsCpuBefore = cpuSeconds(child.pid);
		const options = await load(() => call("/passkey-authentications", {}));
		const optionsCpu = cpuSeconds(child.pid) - optionsCpuBefore;

		const count = Math.max(2000, Math.round(options.perSecond * SECONDS));
		progress(`${store}: ${number(count)} ceremonies, then their assertions signed (not timed)`);
		const ceremonies: { id: string; options: any }[] = [];
		for (let i = 0; i < count; i += 500) {
			ceremonies.push(...(await Promise.all(Array.from({ length: Math.min(500, count - i) }, () => post("/passkey-authentications", {})))));
		}
		const bodies = ceremonies.map((ceremony, i) => ({ id: ceremony.id, credential: devices[i % devices.length]!.assert(ceremony.options) }));

		progress(`${store}: verifying ${number(count)} assertions`);
		const cpuBefore = cpuSeconds(child.pid);
		const verified = await load((i) => call(`/passkey-authentications/${bodies[i]!.id}/verify`, { credential: bodies[i]!.credential }), count);
		const cpu = cpuSeconds(child.pid) - cpuBefore;
		return [
			{
				scenario: `${store}: \`POST /passkey-authentications\` (options, one ceremony row)`,
				rate: `${rate(options.perSecond)}/s`,
				floor: `${number((options.perSecond / floorPerSecond) * 100)} % of Bun.serve POST`,
				note: `${answersText(options.answers)}; Holm's CPU ${number((optionsCpu / options.done) * 1e6)} µs a request`,
			},
			{
				scenario: `${store}: \`POST /passkey-authentications/{id}/verify\`, ES256`,
				rate: `${rate(verified.perSecond)}/s`,
				floor: `${number((verified.perSecond / floorPerSecond) * 100)} % of Bun.serve POST`,
				note: `${answersText(verified.answers)}; Holm's CPU ${number((cpu / verified.done) * 1e6)} µs an assertion (request handling and database included)`,
			},
		];
	} finally {
		await stop(child);
		rmSync(work, { recursive: true, force: true });
	}
}

/** verification.ts alone, per algorithm: parse, every check, the WebCrypto signature. */
async function measureVerification(algorithm: Algorithm): Promise<Row> {
	const device = new SoftAuthenticator(algorithm, { origin: RP.origins[0]!, zeroCounter: true });
	const challenge = crypto.getRandomValues(new Uint8Array(32));
	const ceremony: Ceremony = { id: "x", kind: "registration", userId: "u", challenge, createdAt: 0, expiresAt: 1 };
	const b64 = Buffer.from(challenge).toString("base64url");
	const userHandle = crypto.getRandomValues(new Uint8Array(32));
	const verified = await verifyRegistration(RP, ceremony, device.register({ rp: { id: RP.rpId }, user: { id: Buffer.from(userHandle).toString("base64url") }, challenge: b64 }));
	const passkey: Passkey = { id: "p", userId: "u", name: "", createdAt: 0, lastUsedAt: null, transports: [], ...verified };
	const assertions = Array.from({ length: 2000 }, () => device.assert({ rpId: RP.rpId, challenge: b64 }));
	const run = async (n: number) => {
		for (let i = 0; i < n; i++) await verifyAssertion(RP, { ...ceremony, kind: "authentication" }, parseAssertion(assertions[i % assertions.length]), passkey, userHandle);
	};
	await run(300); // warm-up
	const before = process.cpuUsage();
	const started = performance.now();
	await run(assertions.length);
	const seconds = (performance.now() - started) / 1000;
	const cpu = process.cpuUsage(before);
	const perAssertion = (cpu.user + cpu.system) / assertions.length;
	return {
		scenario: `in-process: \`verifyAssertion\`, ${algorithm}`,
		rate: `${rate(assertions.length / seconds)}/s`,
		floor: "—",
		note: `${number(perAssertion)} µs CPU an assertion (one core)`,
	};
}

const rows: Row[] = [];
for (const algorithm of ["ES256", "EdDSA", "RS256"] as const) rows.push(await measureVerification(algorithm));
progress("floor: Bun.serve POST");
const floor = await measureFloor();
rows.push(floor.row);
rows.push(...(await measureHolm(undefined, floor.perSecond)));
if (POSTGRES !== undefined) {
	const url = await createBenchDatabase(POSTGRES);
	try {
		rows.push(...(await measureHolm(url, floor.perSecond)));
	} finally {
		await dropBenchDatabase(POSTGRES, url);
	}
} else {
	progress("PostgreSQL rows skipped: set HOLM_BENCH_DATABASE=postgres://… to add them");
}

console.log(`\n### Passkeys (\`bench/passkeys.ts\`, ${CONNECTIONS} connections from a fetch loop, ${SECONDS} s a row)\n`);
console.log("| Scenario | Rate | Share of the floor | Answers and notes |");
console.log("|---|---|---|---|");
for (const row of rows) console.log(`| ${row.scenario} | ${row.rate} | ${row.floor} | ${row.note} |`);
