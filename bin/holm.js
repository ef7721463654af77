#!/usr/bin/env node
// `npx holm …` in a clone after `npm install`: runs src/main.ts with the project's own bun (the
// `bun` devDependency), so the docs' `holm export`, `holm import` and `holm console-link` work
// before anything is built. Its exit status and signals are the command's.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// The bun package names its executable bun.exe on every platform.
const bun = join(root, "node_modules", "bun", "bin", "bun.exe");
if (!existsSync(bun)) {
	console.error(`holm: ${bun} is missing: run \`npm install\` in ${root} first`);
	process.exit(2);
}
const child = spawn(bun, [join(root, "src", "main.ts"), ...process.argv.slice(2)], { stdio: "inherit" });
// A Ctrl-C reaches the whole process group already; a SIGTERM sent to this process alone is passed on.
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
process.on("SIGINT", () => {});
child.on("exit", (code, signal) => {
	if (signal !== null) {
		process.removeAllListeners(signal);
		process.kill(process.pid, signal);
	} else process.exit(code ?? 1);
});
