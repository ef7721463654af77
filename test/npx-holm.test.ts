// `npx holm …` from a clone (package.json's bin, bin/holm.js): the commands the docs write run
// src/main.ts with the project's bun, with the command's output and exit status.
import { expect, test } from "bun:test";
import { join } from "node:path";
import packageJson from "../package.json" with { type: "json" };

const root = join(import.meta.dir, "..");

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
