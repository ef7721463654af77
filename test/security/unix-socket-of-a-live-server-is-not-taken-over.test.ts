// Attack: a second process started with the same `--unix PATH` as a running service used to
// delete the live socket and listen in its place, silently taking over every caller's traffic
// (secrets and passwords included) — by accident (a second Holm started by a deploy script) or
// on purpose. A socket that accepts a connection is in use: `serve` must refuse (exit 2, naming
// the path) and leave it alone, so the running server keeps answering.
import { expect, setDefaultTimeout, test } from "bun:test";
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

// Each test starts real processes; a start that should have been refused runs until its 5 s timeout.
setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();

test("a socket another Holm listens on is refused; the running one keeps answering", async () => {
	const socket = join(newDir(), "holm.sock");
	const first = await serveHolm(["--dir", newDir(), "--secret", PROCESS_SECRET, "--unix", socket]);
	try {
		const inode = lstatSync(socket).ino;
		const second = runHolm(["serve", "--leak-check", "off", "--dir", newDir(), "--secret", "another-secret-of-the-intruder", "--unix", socket], {}, 5_000);
		expect(second.code).toBe(2);
		expect(second.stderr).toContain(socket);
		expect(lstatSync(socket).ino).toBe(inode);
		const answer = await fetch("http://localhost/users", { unix: socket, headers: { Authorization: PROCESS_SECRET } });
		expect(answer.status).toBe(200);
	} finally {
		expect(await first.stop()).toBe(0);
	}
});

test("a socket any other program listens on is refused too", async () => {
	const socket = join(newDir(), "other.sock");
	const other = Bun.serve({ unix: socket, fetch: () => new Response("the other program") });
	try {
		const result = runHolm(["serve", "--leak-check", "off", "--dir", newDir(), "--secret", PROCESS_SECRET, "--unix", socket], {}, 5_000);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(socket);
		expect(await (await fetch("http://localhost/", { unix: socket })).text()).toBe("the other program");
	} finally {
		await other.stop(true);
	}
});
