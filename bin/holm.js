#!/usr/bin/env node
// `npx holm …` in a clone after `npm install`: runs src/main.ts with the project's own bun (the
// `bun` devDependency), so the docs' `holm export`, `holm import` and `holm console-link` work
// before anything is built. Its exit status and signals are the command's.
//
// Holm never outlives the command that started it. `npx holm serve & … kill $!` signals `npm
// exec`, which passes SIGTERM to the `sh -c` it runs this file through, and that shell dies without
// passing it on; `kill -9` passes nothing on at all (`npm start` runs this file the same way). So
// this process watches the command above it (its parent and, run by npm, npm itself) and stops Bun
// as SIGTERM would once it is gone; and Bun watches this process (HOLM_WRAPPER_PID, see
// src/main.ts), which SIGKILL ends without a word.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// The bun package names its executable bun.exe on every platform.
const bun = join(root, "node_modules", "bun", "bin", "bun.exe");
if (!existsSync(bun)) {
	console.error(`holm: ${bun} is missing: run \`npm install\` in ${root} first`);
	process.exit(2);
}
const child = spawn(bun, [join(root, "src", "main.ts"), ...process.argv.slice(2)], {
	stdio: "inherit",
	env: { ...process.env, HOLM_WRAPPER_PID: String(process.pid) },
});
// A Ctrl-C reaches the whole process group already; a SIGTERM sent to this process alone is passed on.
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
process.on("SIGINT", () => {});
child.on("exit", (code, signal) => {
	if (signal !== null) {
		process.removeAllListeners(signal);
		process.kill(process.pid, signal);
	} else process.exit(code ?? 1);
});

/** The parent of `pid`, from /proc (Linux); null where there is none to read. */
function parentOf(pid) {
	try {
		// The command name (in parentheses) may hold spaces: the fields after it start at the last ")".
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
	} catch {
		return null;
	}
}

// Checked twice a second: a process that is gone gives no other sign to a process it did not start.
const parent = process.ppid;
// Run by npm (npx, npm exec, npm start: npm_lifecycle_event names which), the parent is npm's
// `sh -c`, which outlives npm when npm alone is killed: then npm is watched too, through the
// shell's parent changing (which happens at once, even while npm is a zombie nobody reaps). Where
// there is no /proc to read (macOS), only the parent is watched: `kill $!` still stops Holm, since
// npm passes SIGTERM to the shell, but `kill -9 $!` does not.
const npm = process.env.npm_lifecycle_event !== undefined ? parentOf(parent) : null;
const watch = setInterval(() => {
	if (process.ppid === parent && (npm === null || parentOf(parent) === npm)) return;
	clearInterval(watch);
	child.kill("SIGTERM");
}, 500);
watch.unref();
