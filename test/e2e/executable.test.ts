// End to end against the single executable: copied alone into an empty directory, started there,
// and driven through @faroe/sdk. `.ci/run` points HOLM_EXECUTABLE at the dist/holm it built;
// without it this test builds dist/holm itself with build.ts.
import { Faroe, FaroeError } from "@faroe/sdk";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };
import { STRONG_PASSWORD, tempDir } from "../support/server.ts";

const ROOT = join(import.meta.dir, "..", "..");
const SECRET = "executable-test-secret";

let workDir: string;
let executable: string;
let holm: Bun.Subprocess<"ignore", "pipe", "pipe">;
let url: string;

/** The URL in a JSON log's "holm is listening" line, once `serving` has printed it. */
async function listeningUrl(serving: Bun.Subprocess<"ignore" | "pipe", "pipe", "pipe">): Promise<string> {
	const reader = serving.stdout.getReader();
	let text = "";
	while (!text.includes("holm is listening")) {
		const { value, done } = await reader.read();
		if (done) throw new Error(`holm exited: ${text}`);
		text += new TextDecoder().decode(value);
	}
	reader.releaseLock();
	return /"url":"([^"]+)"/.exec(text)![1]!;
}

function buildExecutable(): string {
	const result = Bun.spawnSync([process.execPath, "build.ts"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
	if (result.exitCode !== 0) throw new Error(`build.ts failed: ${result.stderr.toString()}`);
	return join(ROOT, "dist", "holm");
}

beforeAll(async () => {
	const built = process.env.HOLM_EXECUTABLE ?? buildExecutable();
	workDir = tempDir();
	executable = join(workDir, "holm");
	copyFileSync(built, executable); // alone: no node_modules, no data/, no source beside it
	holm = Bun.spawn([executable, "serve", "--port", "0", "--secret", SECRET, "--log-format", "json"], {
		cwd: workDir,
		stdout: "pipe",
		stderr: "pipe",
	});
	url = await listeningUrl(holm);
}, 120_000);

afterAll(() => {
	holm?.kill("SIGKILL");
	rmSync(workDir, { recursive: true, force: true });
});

test("the executable prints its version", () => {
	const result = Bun.spawnSync([executable, "version"], { cwd: workDir });
	expect(result.stdout.toString().trim()).toBe(packageJson.version);
});

test("the embedded leak file refuses common leaked passwords", async () => {
	const faroe = new Faroe(url, SECRET);
	for (const password of ["password", "12345678", "iloveyou"]) {
		try {
			await faroe.createUser(password, null);
			throw new Error(`"${password}" was accepted`);
		} catch (error) {
			expect(error).toBeInstanceOf(FaroeError);
			expect((error as FaroeError).code).toBe("WEAK_PASSWORD");
		}
	}
});

test("a whole password reset flow through @faroe/sdk", async () => {
	const faroe = new Faroe(url, SECRET);
	const user = await faroe.createUser(STRONG_PASSWORD, "192.0.2.200");
	const [request, code] = await faroe.createUserPasswordResetRequest(user.id, null);
	await faroe.verifyPasswordResetRequestEmail(request.id, code.toLowerCase(), null);
	await faroe.resetUserPassword(request.id, "a fresh passphrase 2026", null);
	await faroe.verifyUserPassword(user.id, "a fresh passphrase 2026", null);
	expect(await faroe.getPasswordResetRequest(request.id)).toBeNull();
});

// The worker's code is an entrypoint of its own in the build (build.ts); a build without it still
// serves, with a warning, and SQLite checkpoints only past 1,000 WAL frames: the schema and these
// few users would stay in the WAL.
test("the executable's checkpoint thread runs: what was committed reaches holm.db", async () => {
	const database = join(workDir, "holm_data", "holm.db");
	const deadline = Date.now() + 5000;
	while (statSync(database).size <= 4096 && Date.now() < deadline) await Bun.sleep(50);
	expect(statSync(database).size).toBeGreaterThan(4096); // more than the header page
});

test("the executable holds its data directory: a second serve there exits 2 naming it", () => {
	const second = Bun.spawnSync([executable, "serve", "--port", "0", "--secret", SECRET], { cwd: workDir, timeout: 5000 });
	expect(second.exitCode).toBe(2);
	expect(second.stderr.toString()).toContain(join(workDir, "holm_data"));
});

test("the executable refuses a short secret and prints a command's usage", () => {
	const short = Bun.spawnSync([executable, "serve", "--port", "0", "--dir", join(workDir, "other"), "--secret", "short"], { cwd: workDir, timeout: 5000 });
	expect(short.exitCode).toBe(2);
	expect(short.stderr.toString()).toContain("holm generate-secret");
	const help = Bun.spawnSync([executable, "serve", "--help"], { cwd: workDir });
	expect(help.exitCode).toBe(0);
	expect(help.stdout.toString()).toContain("--secret-file");
});

test("the console is embedded: --console serves its page and files, and a console-link signs in", async () => {
	const dir = join(workDir, "console-data");
	const serving = Bun.spawn([executable, "serve", "--port", "0", "--dir", dir, "--secret", SECRET, "--log-format", "json", "--console"], {
		cwd: workDir,
		stdout: "pipe",
		stderr: "pipe",
	});
	try {
		const consoleUrl = await listeningUrl(serving);
		const page = await fetch(`${consoleUrl}/console/`);
		expect(page.status).toBe(200);
		expect(page.headers.get("X-Frame-Options")).toBe("DENY");
		expect(await page.text()).toContain('<script type="module" src="/console/console.js"></script>');
		const script = await fetch(`${consoleUrl}/console/console.js`);
		expect(script.headers.get("Content-Type")).toStartWith("text/javascript");
		expect((await script.text()).length).toBeGreaterThan(1000);
		const link = Bun.spawnSync([executable, "console-link", "--dir", dir, "--port", new URL(consoleUrl).port], { cwd: workDir });
		expect(link.exitCode).toBe(0);
		const token = link.stdout.toString().trim().split("#token=")[1]!;
		const session = await fetch(`${consoleUrl}/console/api/session`, {
			method: "POST",
			headers: { Origin: consoleUrl, "Content-Type": "application/json" },
			body: JSON.stringify({ token }),
		});
		expect(session.status).toBe(204);
	} finally {
		serving.kill("SIGTERM");
		await serving.exited;
	}
});

test("backup from the executable, then SIGTERM exits 0", async () => {
	const destination = join(workDir, "backup.db");
	const backup = Bun.spawnSync([executable, "backup", destination], { cwd: workDir });
	expect(backup.exitCode).toBe(0);
	expect(existsSync(destination)).toBe(true);
	holm.kill("SIGTERM");
	expect(await holm.exited).toBe(0);
});
