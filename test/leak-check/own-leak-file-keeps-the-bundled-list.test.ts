// Attack: an operator adds a list of their own with `--leak-file` (say, passwords leaked from their
// previous system) and thereby drops the bundled list, so "password" and "12345678" are accepted
// again; or an attacker who can influence that setting points it at a tiny file. A --leak-file is
// checked in addition to the bundled list, never instead of it, in offline and online modes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LeakCheckConfig } from "../../src/config.ts";
import { buildLeakFile } from "../../src/leak-check/build-leak-file.ts";
import { createLeakCheck, isLeaked } from "../../src/leak-check/index.ts";
import { removeTempDirs, tempDir } from "./helpers.ts";

let file: string;

beforeAll(async () => {
	const dir = await tempDir();
	await writeFile(join(dir, "ours.txt"), "our-old-system-default-2019\nwelcome to acme corp\n");
	file = join(dir, "ours.bin");
	await buildLeakFile(join(dir, "ours.txt"), file, () => {});
});
afterAll(removeTempDirs);

const deps = {
	fetch: (async () => new Response("", { status: 503 })) as unknown as typeof fetch,
	warn: () => {},
};

function config(mode: "offline" | "online"): LeakCheckConfig {
	return { mode, file, api: "http://127.0.0.1:9", fail: "closed", timeoutMs: 100 };
}

for (const mode of ["offline", "online"] as const) {
	test(`${mode}: both the bundled list and the --leak-file are checked`, async () => {
		const check = await createLeakCheck(config(mode), deps);
		for (const password of ["password", "12345678", "iloveyou", "our-old-system-default-2019", "welcome to acme corp"]) {
			expect({ password, leaked: await isLeaked(check, password) }).toEqual({ password, leaked: true });
		}
	});
}

test("offline: a password in neither is not leaked", async () => {
	const check = await createLeakCheck(config("offline"), deps);
	expect(await isLeaked(check, "a passphrase nobody has leaked 9f3e")).toBe(false);
});
