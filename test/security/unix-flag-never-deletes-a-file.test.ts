// Attack (or a slip of the keyboard): `--unix holm_data/holm.db`. Holm used to delete whatever was
// at the socket path before listening, so that destroyed the database, and `--unix /etc/passwd`
// run as root would do worse. Only a stale socket (one that nothing answers on) may be replaced;
// a regular file, a directory or a symbolic link makes `serve` refuse (exit 2, naming the path)
// and leaves it exactly as it was. On stop, Holm removes the socket only while it is still its
// own: a file someone put at that path meanwhile stays.
import { expect, setDefaultTimeout, test } from "bun:test";
import { lstatSync, mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, runHolm, serveHolm, tempDirsForThisFile } from "../support/server.ts";

// Each test starts real processes; a start that should have been refused runs until its 5 s timeout.
setDefaultTimeout(30_000);

const newDir = tempDirsForThisFile();

function serveOnUnix(dir: string, path: string): ReturnType<typeof runHolm> {
	return runHolm(["serve", "--leak-check", "off", "--dir", dir, "--secret", PROCESS_SECRET, "--unix", path], {}, 5_000);
}

test("--unix pointing at the database itself refuses to start and leaves the database intact", async () => {
	const dir = newDir();
	// A first run creates the database and a user in it.
	const first = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	const created = await fetch(first.url + "/users", {
		method: "POST",
		headers: { Authorization: PROCESS_SECRET },
		body: JSON.stringify({ email: "kept@example.com", password: "correct horse battery staple 42" }),
	});
	expect(created.status).toBe(200);
	expect(await first.stop()).toBe(0);

	const database = join(dir, "holm.db");
	const before = readFileSync(database);
	const result = serveOnUnix(dir, database);
	expect(result.code).toBe(2);
	expect(result.stderr).toContain(database);
	expect(lstatSync(database).isFile()).toBe(true);
	expect(readFileSync(database).equals(before)).toBe(true);
});

test("--unix pointing at a regular file, a directory or a symbolic link refuses and touches nothing", () => {
	const dir = newDir();
	const file = join(dir, "notes.txt");
	writeFileSync(file, "precious");
	const folder = join(dir, "folder");
	mkdirSync(folder);
	writeFileSync(join(folder, "inside"), "also precious");
	const link = join(dir, "link.sock");
	symlinkSync(file, link);

	for (const path of [file, folder, link]) {
		const result = serveOnUnix(join(dir, "data"), path);
		expect({ path, code: result.code }).toEqual({ path, code: 2 });
		expect(result.stderr).toContain(path);
	}
	expect(readFileSync(file, "utf8")).toBe("precious");
	expect(readFileSync(join(folder, "inside"), "utf8")).toBe("also precious");
	expect(lstatSync(link).isSymbolicLink()).toBe(true);
});

test("on stop, a file that replaced the socket meanwhile is left alone", async () => {
	const dir = newDir();
	const socket = join(dir, "holm.sock");
	const holm = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET, "--unix", socket]);
	unlinkSync(socket);
	writeFileSync(socket, "someone else's file");
	expect(await holm.stop()).toBe(0);
	expect(readFileSync(socket, "utf8")).toBe("someone else's file");
});
