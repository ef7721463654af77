// `npx holm …` from a clone (package.json's bin, bin/holm.js): the commands the docs write run
// src/main.ts with the project's bun, with the command's output and exit status.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import packageJson from "../../package.json" with { type: "json" };
import { lockDataDir } from "../../src/data-dir.ts";
import { tempDirsForThisFile } from "../support/server.ts";

const root = join(import.meta.dir, "..", "..");

function run(command: string[]): { code: number | null; stdout: string; stderr: string } {
	const result = Bun.spawnSync(command, { cwd: root, env: { ...process.env, npm_config_update_notifier: "false" }, timeout: 60_000 });
	return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

test("npx holm version runs the clone's own holm, never a package of that name from the registry", () => {
	const result = run(["npx", "--no-install", "holm", "version"]);
	expect(result).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
});

test("the bin passes the command's exit status and its errors through", () => {
	const unknown = run(["node", "bin/holm.js", "frobnicate"]);
	expect(unknown.code).toBe(2);
	expect(unknown.stderr).toContain("holm:");
	const help = run(["node", "bin/holm.js", "console-link", "--help"]);
	expect(help.code).toBe(0);
	expect(help.stdout).toContain("console-link");
});

// `npx holm serve --dir X --port P & … kill $!`: $! is `npm exec`, which passes SIGTERM to the
// `sh -c` it runs the bin through, and that shell dies without passing it on; `kill -9 $!` kills
// npm alone. `npm start` runs its script through such a shell too. Either way bin/holm.js and Bun used to go on serving, holding the data directory's
// lock, with nobody left to stop them. Each case starts the command in a process group of its own,
// so that a failed test can still kill what it left behind.
describe("the server never outlives the command that started it", () => {
	const newDir = tempDirsForThisFile();

	async function serving(command: string[], dir: string): Promise<{ child: Bun.Subprocess<"ignore", "pipe", "pipe">; url: string }> {
		const child = Bun.spawn([...command, "--dir", dir, "--port", "0", "--leak-check", "off", "--log-format", "json"], {
			cwd: root,
			env: { ...process.env, npm_config_update_notifier: "false" },
			stdin: "ignore",
			stdout: "pipe",
			stderr: "pipe",
			detached: true,
		});
		let out = "";
		const decoder = new TextDecoder();
		const reader = child.stdout.getReader();
		const deadline = Date.now() + 60_000;
		while (!/"url":"[^"]+"/.test(out)) {
			if (Date.now() > deadline) throw new Error(`serve did not start: ${out}`);
			const { value, done } = await reader.read();
			if (done) throw new Error(`serve exited before listening: ${out}`);
			out += decoder.decode(value, { stream: true });
		}
		reader.releaseLock();
		void child.stdout.pipeTo(new WritableStream()).catch(() => {});
		return { child, url: /"url":"([^"]+)"/.exec(out)![1]! };
	}

	async function answers(url: string): Promise<boolean> {
		try {
			await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
			return true;
		} catch {
			return false;
		}
	}

	function lockIsFree(dir: string): boolean {
		try {
			lockDataDir(dir).release();
			return true;
		} catch {
			return false;
		}
	}

	/** Kills `command`'s own process with `signal` and waits up to 5 s for the port to stop
	 *  answering and the data directory's lock to be free. */
	async function killAndWatch(command: string[], signal: "SIGTERM" | "SIGKILL"): Promise<{ answering: boolean; locked: boolean }> {
		const dir = newDir();
		const { child, url } = await serving(command, dir);
		try {
			expect(await answers(url)).toBe(true);
			expect(lockIsFree(dir)).toBe(false);
			process.kill(child.pid, signal);
			const deadline = Date.now() + 5000;
			let answering = true;
			let locked = true;
			while (Date.now() < deadline && (answering || locked)) {
				await Bun.sleep(100);
				answering = await answers(url);
				locked = !lockIsFree(dir);
			}
			return { answering, locked };
		} finally {
			try {
				process.kill(-child.pid, "SIGKILL"); // whatever is left of its group
			} catch {
				// nothing left
			}
		}
	}

	test("`npx holm serve` killed by its PID (SIGTERM) stops serving and frees the data directory within 5 s", async () => {
		expect(await killAndWatch(["npx", "--no-install", "holm", "serve"], "SIGTERM")).toEqual({ answering: false, locked: false });
	}, 40_000);

	test("`npx holm serve` killed by its PID with SIGKILL (npm passes nothing on) stops serving too", async () => {
		expect(await killAndWatch(["npx", "--no-install", "holm", "serve"], "SIGKILL")).toEqual({ answering: false, locked: false });
	}, 40_000);

	test("`npm start` killed by its PID (SIGTERM) stops serving and frees the data directory within 5 s", async () => {
		expect(await killAndWatch(["npm", "start", "--"], "SIGTERM")).toEqual({ answering: false, locked: false });
	}, 90_000);

	test("bin/holm.js killed with SIGKILL (it can pass nothing on) leaves no Bun serving", async () => {
		expect(await killAndWatch(["node", "bin/holm.js", "serve"], "SIGKILL")).toEqual({ answering: false, locked: false });
	}, 40_000);
});
