// Attack (or accident): the test suite hashes at a cheap argon2id cost (test/support/server.ts), which an
// attacker holding a stolen database would love to find in production: a password costs well under
// a millisecond to guess instead of tens. The cheap cost reaches the hasher only through options
// that tests pass in code; `holm serve`, whatever it is given, stores hashes at the contract's
// m=19456 KiB, t=2, and so does a test server that asks for the real cost.
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { join } from "node:path";
import { createUser, PROCESS_SECRET, serveHolm, startTestServer, STRONG_PASSWORD, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();
const CONTRACT_COST = "$argon2id$v=19$m=19456,t=2,p=1$";

function storedHashes(dir: string): string[] {
	const db = new Database(join(dir, "holm.db"), { readonly: true });
	try {
		return db.query<{ password_hash: string }, []>('SELECT password_hash FROM "user"').all().map((row) => row.password_hash);
	} finally {
		db.close();
	}
}

test("holm serve stores argon2id hashes at the contract's cost", async () => {
	const dir = newDir();
	const holm = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	try {
		const created = await fetch(holm.url + "/users", {
			method: "POST",
			headers: { Authorization: PROCESS_SECRET },
			body: JSON.stringify({ email: "cost@example.com", password: STRONG_PASSWORD }),
		});
		expect(created.status).toBe(200);
	} finally {
		await holm.stop();
	}
	const hashes = storedHashes(dir);
	expect(hashes).toHaveLength(1);
	expect(hashes[0]!.startsWith(CONTRACT_COST)).toBe(true);
});

test("a test server asking for the real cost hashes as holm serve does; the default one does not", async () => {
	const realDir = newDir();
	const real = await startTestServer({ dir: realDir, hashing: "real" });
	const cheapDir = newDir();
	const cheap = await startTestServer({ dir: cheapDir });
	try {
		await createUser(real);
		await createUser(cheap);
		const realHash = (await real.rows('SELECT password_hash FROM "user"'))[0]!.password_hash as string;
		const cheapHash = (await cheap.rows('SELECT password_hash FROM "user"'))[0]!.password_hash as string;
		expect(realHash.startsWith(CONTRACT_COST)).toBe(true);
		expect(cheapHash.startsWith(CONTRACT_COST)).toBe(false);
	} finally {
		await real.stop();
		await cheap.stop();
	}
});
