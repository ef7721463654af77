// Attack: start a second `holm serve` on the data directory of a running one (a deploy that starts
// the new version before the old one stops, or two replicas on shared storage). Each process kept
// its own in-memory rate limits, so a guesser spreading requests over both got twice the tries,
// and both ran migrations and sweeps on one file. The second must be refused at start (exit 2,
// naming the directory), for as long as the first lives; the lock goes with the first process,
// even when it is killed outright. `holm backup` still works beside a running server.
import { expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

// Each test starts real processes; a start that should have been refused runs until its 5 s timeout.
setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();

test("a second serve on the same data directory exits 2 naming it; the first keeps serving", async () => {
	const dir = newDir();
	const first = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	try {
		const second = runHolm(["serve", "--port", "0", "--leak-check", "off", "--dir", dir, "--secret", PROCESS_SECRET], {}, 5_000);
		expect(second.code).toBe(2);
		expect(second.stderr).toContain(dir);
		expect(second.stdout).not.toContain("holm is listening");
		expect((await fetch(first.url + "/users", { headers: { Authorization: PROCESS_SECRET } })).status).toBe(200);

		const copy = join(newDir(), "copy.db");
		expect(runHolm(["backup", "--dir", dir, copy]).code).toBe(0);
		expect(existsSync(copy)).toBe(true);
	} finally {
		expect(await first.stop()).toBe(0);
	}
	// A clean stop releases the directory.
	const again = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	expect(await again.stop()).toBe(0);
});

test("the lock dies with the process: after SIGKILL a new serve starts on the directory", async () => {
	const dir = newDir();
	const first = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	first.process.kill("SIGKILL");
	await first.process.exited;
	const next = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	expect(await next.stop()).toBe(0);
});
