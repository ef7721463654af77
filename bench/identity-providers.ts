// `bun bench/identity-providers.ts` (part of `npm run bench`): `POST /external-sign-ins/{id}/verify`
// against a real OpenID Provider (npm oidc-provider, test/support/providers-process.ts, in a process of its
// own), measured on dist/holm (rebuilt first when src/ is newer): the code exchanged at the
// provider's token endpoint with the PKCE verifier, the ID token's signature and claims checked, the
// identity found (`signed_in`) — Holm's CPU per verify beside the provider's, both from /proc.
//
// Before the clock starts: one user signs in once (discovery and the provider's keys fetched and
// cached) and BENCH_IDP_WARMUP times more (warm-up: JSC compiles the verify's code over its first
// thousand or two, and with 100 the figure was much of it that compiling). Then, in rounds of
// BENCH_IDP_ROUND (oidc-provider's memory adapter keeps its last 1,000 entries, a few per login:
// a round's codes must outlive the round), sign-ins are started at Holm and each one's login at
// the provider completed (fetch and a cookie jar), not timed; then only their verifies are, BENCH_IDP_CONNECTIONS at a time, the CPU of both
// processes read from /proc around each round's verifies. The provider counts what it is asked:
// the measured verifies must ask it for no discovery document and no keys (the hot path makes one
// outbound call, the token request). Holm's CPU is also given per thread, from /proc/PID/task: the
// main thread (JavaScript, SQLite, the listener), fetch's HTTP client thread, the pool that runs
// crypto.subtle (the ID token's RS256 signature), JSC's compiler threads, and the rest.
//
// Environment: BENCH_IDP_VERIFIES (1000), BENCH_IDP_WARMUP (1000), BENCH_IDP_ROUND (125),
// BENCH_IDP_CONNECTIONS (4).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startProvidersProcess } from "../test/support/identity-providers.ts";
import { completeLogin } from "../test/support/openid-provider.ts";
import { cpuSeconds, EXECUTABLE, freePort, newestMtime, ROOT, spawnHolm, stop, waitHealthy } from "./processes.ts";
import { number, rate } from "./report.ts";

const VERIFIES = Number(process.env.BENCH_IDP_VERIFIES ?? 1000);
const WARMUP = Number(process.env.BENCH_IDP_WARMUP ?? 1000);
const ROUND = Number(process.env.BENCH_IDP_ROUND ?? 125);
const CONNECTIONS = Number(process.env.BENCH_IDP_CONNECTIONS ?? 4);
const SECRET = `bench-${crypto.randomUUID().replaceAll("-", "")}`;
const DISCOVERY = "/.well-known/openid-configuration";

function progress(message: string): void {
	process.stderr.write(`[bench identity-providers] ${message}\n`);
}

function ensureBuilt(): void {
	let built = 0;
	try {
		built = statSync(EXECUTABLE).mtimeMs;
	} catch {
		// missing
	}
	if (built >= Math.max(newestMtime(join(ROOT, "src")), statSync(join(ROOT, "build.ts")).mtimeMs)) return;
	progress("dist/holm is missing or older than src/: bun build.ts");
	const result = Bun.spawnSync([process.execPath, "build.ts"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
	if (result.exitCode !== 0) throw new Error(`bun build.ts failed: ${result.stderr.toString()}`);
}

/** CPU seconds so far of each of the process's threads, by kind (the thread's name, numbers dropped). */
function threadCpu(pid: number): Map<string, number> {
	const kinds = new Map<string, number>();
	for (const tid of readdirSync(`/proc/${pid}/task`)) {
		let stat: string;
		try {
			stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
		} catch {
			continue; // the thread ended
		}
		const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		const kind = tid === String(pid) ? "main" : name.startsWith("HTTP Client") ? "HTTP client" : name.startsWith("Bun Pool") ? "pool" : /JIT|JSC/.test(name) ? "JIT" : "other";
		kinds.set(kind, (kinds.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
	}
	return kinds;
}

async function providerCalls(control: string): Promise<Record<string, number>> {
	return ((await (await fetch(control)).json()) as { calls: Record<string, number> }).calls;
}

ensureBuilt();
const work = mkdtempSync(join(tmpdir(), "holm-bench-idp-"));
const redirectOrigin = "http://localhost:9"; // the callbacks are read from the Location header, never followed
const redirectUri = `${redirectOrigin}/auth/acme/callback`;
const providers = await startProvidersProcess(join(work, "providers"), redirectOrigin);
const secretFile = join(work, "secret");
writeFileSync(secretFile, `${SECRET}\n`, { mode: 0o600 });
const port = freePort();
const url = `http://127.0.0.1:${port}`;
const holm = spawnHolm({
	dir: join(work, "data"),
	secretFile,
	port,
	logFile: join(work, "holm.log"),
	args: ["--identity-providers", join(work, "providers", "identity-providers.json"), "--leak-check", "off"],
});
try {
	await waitHealthy(url, performance.now(), holm);
	const post = async (path: string, body: unknown) => {
		const response = await fetch(url + path, { method: "POST", headers: { Authorization: SECRET, "Content-Type": "application/json" }, body: JSON.stringify(body) });
		return { status: response.status, body: (await response.json()) as any };
	};
	const made = await fetch(`${providers.control}/accounts`, { method: "POST", body: JSON.stringify({ login: "bench", email: "idp-bench@example.com" }) });
	if (made.status !== 204) throw new Error("the provider's account was not made");

	/** A sign-in started at Holm and its login completed at the provider: the verify's body. */
	async function prepared(): Promise<{ id: string; body: Record<string, string> }> {
		const started = await post("/external-sign-ins", { provider: "acme" });
		if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.body)}`);
		const callback = await completeLogin(started.body.authorization_url, "bench", redirectUri);
		return { id: started.body.id, body: Object.fromEntries(callback) };
	}
	async function verify(request: { id: string; body: Record<string, string> }): Promise<string> {
		const answer = await post(`/external-sign-ins/${request.id}/verify`, { ...request.body, create_user: true });
		return answer.status === 200 ? answer.body.outcome : `${answer.status} ${answer.body.error}`;
	}

	/** Verifies `requests`, CONNECTIONS at a time, into `answers`. */
	async function verifyAll(requests: { id: string; body: Record<string, string> }[], answers: Record<string, number>): Promise<void> {
		let next = 0;
		await Promise.all(
			Array.from({ length: CONNECTIONS }, async () => {
				while (next < requests.length) {
					const outcome = await verify(requests[next++]!);
					answers[outcome] = (answers[outcome] ?? 0) + 1;
				}
			}),
		);
	}
	async function prepare(count: number): Promise<{ id: string; body: Record<string, string> }[]> {
		const requests: { id: string; body: Record<string, string> }[] = [];
		while (requests.length < count) requests.push(...(await Promise.all(Array.from({ length: Math.min(8, count - requests.length) }, prepared))));
		return requests;
	}

	progress(`warm-up: the first sign-in (discovery, keys), and ${WARMUP} more`);
	await verify(await prepared());
	for (let done = 0; done < WARMUP; done += ROUND) await verifyAll(await prepare(Math.min(ROUND, WARMUP - done)), {});

	progress(`${VERIFIES} verifies, in rounds of ${ROUND} sign-ins started and their logins completed first (not timed)`);
	const callsBefore = await providerCalls(providers.control);
	const answers: Record<string, number> = {};
	let seconds = 0;
	let holmCpu = 0;
	let providerCpu = 0;
	const threads = new Map<string, number>();
	for (let done = 0; done < VERIFIES; done += ROUND) {
		const requests = await prepare(Math.min(ROUND, VERIFIES - done));
		const threadsBefore = threadCpu(holm.pid);
		const holmBefore = cpuSeconds(holm.pid);
		const providerBefore = cpuSeconds(providers.child.pid);
		const started = performance.now();
		await verifyAll(requests, answers);
		seconds += (performance.now() - started) / 1000;
		holmCpu += cpuSeconds(holm.pid) - holmBefore;
		providerCpu += cpuSeconds(providers.child.pid) - providerBefore;
		for (const [kind, used] of threadCpu(holm.pid)) threads.set(kind, (threads.get(kind) ?? 0) + used - (threadsBefore.get(kind) ?? 0));
	}
	const callsAfter = await providerCalls(providers.control);
	// The logins ask the provider for neither: what the difference counts is Holm's.
	const asked = (path: string) => (callsAfter[path] ?? 0) - (callsBefore[path] ?? 0);

	const load = loadavg().map((value) => value.toFixed(2)).join(", ");
	console.log(`\n### Sign-in with an identity provider (\`bench/identity-providers.ts\`, dist/holm, ${CONNECTIONS} connections, ${WARMUP} verifies of warm-up, load average ${load})\n`);
	console.log("| Scenario | Rate | Holm's CPU a verify | The provider's CPU a verify | Provider asked during the run | Answers |");
	console.log("|---|---|---|---|---|---|");
	console.log(
		`| \`POST /external-sign-ins/{id}/verify\`, oidc-provider (RS256), ${number(VERIFIES)} verifies | ${rate(VERIFIES / seconds)}/s | ` +
			`${number((holmCpu / VERIFIES) * 1e6)} µs | ${number((providerCpu / VERIFIES) * 1e6)} µs | ` +
			`discovery ${asked(DISCOVERY)}, keys ${asked("/jwks")}, token ${asked("/token")} | ` +
			`${Object.entries(answers).map(([key, n]) => `${number(n)} × ${key}`).join(", ")} |`,
	);
	const perThread = ["main", "HTTP client", "pool", "JIT", "other"].map((kind) => `${kind} ${number(((threads.get(kind) ?? 0) / VERIFIES) * 1e6)} µs`);
	console.log(`\nHolm's CPU a verify by thread (/proc counts in ticks of 10 ms, read around each round: rough): ${perThread.join(", ")}.`);
	if (asked(DISCOVERY) !== 0 || asked("/jwks") !== 0) throw new Error("the hot path asked the provider for discovery or keys");
	if (Object.keys(answers).some((key) => key !== "signed_in")) {
		const log = readFileSync(join(work, "holm.log.info"), "utf8").split("\n");
		throw new Error(`verifies were refused; Holm said:\n${log.filter((line) => line.includes("refused")).slice(0, 3).join("\n")}`);
	}
} finally {
	await stop(holm);
	await stop(providers.child);
	rmSync(work, { recursive: true, force: true });
}
