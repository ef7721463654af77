// The gate in front of argon2id (src/lib/password-hash.ts): as many hashes compute at once as there
// are cores, and one more is handed to Bun's hashing threads ahead of time, so that a thread that
// ends a hash starts the next without sleeping until the event loop hands it over (issue 25).
import { expect, test } from "bun:test";
import { availableParallelism } from "node:os";
import { createHasher } from "../../src/lib/password-hash.ts";

test("one hash more than the cores is handed over at once, the rest wait; the load counts the handed-over one as waiting", async () => {
	const cores = Math.max(1, availableParallelism());
	const waits: number[] = [];
	// The contract's cost, so that a hash lasts long enough for the queue to be seen.
	const hasher = createHasher({ observe: (_operation, waitSeconds) => waits.push(waitSeconds) });
	const hashes = Array.from({ length: cores + 2 }, (_, i) => hasher.hash(`password number ${i}`));
	// Computing: the cores; waiting: the one handed ahead and the one in the gate.
	expect(hasher.load()).toEqual({ running: cores, waiting: 2 });
	const results = await Promise.all(hashes);
	expect(results.every((hash) => hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"))).toBe(true);
	expect(hasher.load()).toEqual({ running: 0, waiting: 0 });
	// Every hash but the last went to the threads at once; the last waited in the gate for a slot,
	// which the first hash to end freed.
	const sorted = [...waits].sort((a, b) => a - b);
	expect(sorted.slice(0, cores + 1).every((wait) => wait < 0.002)).toBe(true);
	expect(sorted[cores + 1]!).toBeGreaterThan(0.002);
});

test("the imported hashes' lane hands nothing ahead: its work may cost seconds and would hold Holm's own back", async () => {
	const cores = Math.max(1, availableParallelism());
	const hasher = createHasher({ cost: { memoryCost: 64, timeCost: 1 } });
	// A bcrypt hash (cost 4) of another password: an imported form, checked in its own lane.
	const imported = await Bun.password.hash("another password", { algorithm: "bcrypt", cost: 4 });
	const lane = Math.max(1, Math.floor(cores / 2));
	const checks = Array.from({ length: lane + 1 }, () => hasher.check("the password", imported));
	expect(hasher.load()).toEqual({ running: lane, waiting: 1 });
	expect((await Promise.all(checks)).map((check) => check.result)).toEqual(Array.from({ length: lane + 1 }, () => "incorrect"));
});
