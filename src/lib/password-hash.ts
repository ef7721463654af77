// Argon2id at the contract's parameters (m=19456 KiB, t=2, p=1). Bun.password runs the hash on
// a worker thread, so hashing never blocks the event loop.
//
// A stored hash may also be one brought in by an import, in another system's form (bcrypt, PBKDF2,
// scrypt, …: src/password-hashes/). Checking a password against it goes through a gate too (below),
// and a stored hash that is malformed or outside its form's bounds is never computed.
//
// Argon2id is the one costly thing Holm does, so it goes through a gate: as many run at once as
// there are cores, the rest wait in order. The gate hands Bun's hashing threads (one per core) one
// piece of work more than they can run, which waits in their own queue: when a hash ends, its thread
// starts that one at once instead of sleeping until the event loop has answered and handed over the
// next, so the cores stay busy with hashing under load.
// Work that cannot start within 5 seconds is refused (HashingUnavailableError, answered 503
// UNAVAILABLE) instead of queueing without end: under overload the requests that are served stay
// fast, and memory stays bounded.
//
// A check against an imported hash (any hash but Holm's own argon2id) goes through a second gate,
// a lane of its own with half the cores (at least one). Such a hash may cost up to about 5 s of a
// core within the import's bounds, and wrong guesses at it used to hold every slot the ordinary
// sign-ins need; now they wait in their own lane (503 after the same deadline) while Holm's own
// hashes keep theirs. A correct password replaces the imported hash with Holm's, so the lane serves
// each imported user until their first sign-in.
import { availableParallelism } from "node:os";
import { parsePasswordHash, type PasswordHashError } from "../password-hashes/index.ts";

/** Argon2id's cost: memory in KiB and passes. */
export interface Argon2Cost {
	memoryCost: number;
	timeCost: number;
}

/** The contract's cost, which every server uses. */
const ARGON2_COST: Argon2Cost = { memoryCost: 19456, timeCost: 2 };

const HASHING_START_DEADLINE_MS = 5000;

export class HashingUnavailableError extends Error {
	constructor(deadlineMs: number) {
		super(`password hashing could not start within ${deadlineMs} ms`);
		this.name = "HashingUnavailableError";
	}
}

type HashOperation = "hash" | "verify";
export type HashObserver = (operation: HashOperation, waitSeconds: number, runSeconds: number) => void;

interface HasherOptions {
	/** How many run at once; the cores by default. Checks against imported hashes have a lane of
	 *  their own of half as many (at least one). */
	concurrency?: number;
	/** How long work may wait for a free core before it is refused. */
	startDeadlineMs?: number;
	/** Hears about each piece of work that ran (for the metrics). */
	observe?: HashObserver;
	/** The contract's cost unless given. Only tests give a cheaper one, through createApp's
	 *  dependencies: no flag or environment variable reaches it. */
	cost?: Argon2Cost;
}

/** The stored hash that means "no password" (a user imported without one): no password matches it. */
export const NO_PASSWORD_HASH = "";

type StoredHashCheck =
	/** `upgradeFrom` names the stored hash's form when it should be replaced by an argon2id hash. */
	| { result: "correct"; upgradeFrom: string | null }
	| { result: "incorrect" }
	/** A stored hash in no form Holm verifies, or outside its bounds: not computed, never matches. */
	| { result: "unverifiable"; reason: PasswordHashError };

export interface Hasher {
	hash(password: string): Promise<string>;
	/**
	 * Checks a password against a stored hash in any form: one verification through a gate (Holm's
	 * own for its argon2id, the imported hashes' lane for any other), whatever the answer. A hash that cannot be verified, and the empty hash of a user without a
	 * password, cost one dummy argon2id verification instead, as a wrong password does.
	 */
	check(password: string, storedHash: string): Promise<StoredHashCheck>;
	/** Spends the time of one verification when there is no hash to verify against, so an
	 *  unknown email costs the same as a wrong password. */
	verifyAgainstNothing(password: string): Promise<void>;
	/** Work running and waiting now. */
	load(): { running: number; waiting: number };
}

interface Waiter {
	start: () => void;
	timer: ReturnType<typeof setTimeout>;
}

// One dummy hash per cost, so that a verification against nothing costs what a real one does.
const dummyHashes = new Map<string, Promise<string>>();

function getDummyHash(cost: Argon2Cost): Promise<string> {
	const key = `${cost.memoryCost},${cost.timeCost}`;
	let dummy = dummyHashes.get(key);
	if (dummy === undefined) {
		// Made outside any gate: at start, before any request.
		dummy = Bun.password.hash(crypto.randomUUID(), { algorithm: "argon2id", ...cost });
		dummyHashes.set(key, dummy);
	}
	return dummy;
}

/** Makes the dummy hash ahead of the first unknown email, so that one costs no more than the rest. */
export function prepareDummyHash(cost: Argon2Cost = ARGON2_COST): void {
	void getDummyHash(cost);
}

interface Gate {
	run<T>(operation: HashOperation, work: () => Promise<T>): Promise<T>;
	load(): { running: number; waiting: number };
}

/** At most `concurrency` pieces of work at once (and `ahead` more handed to the hashing threads'
 *  own queue, to start the moment one ends), the rest waiting in order for `deadlineMs`. */
function createGate(concurrency: number, ahead: number, deadlineMs: number, observe: HashObserver | undefined): Gate {
	const slots = concurrency + ahead;
	let running = 0;
	const waiting: Waiter[] = [];

	/** Waits for a slot, which the work that frees it hands over (so nobody can jump the queue). */
	function waitForSlot(): Promise<void> {
		return new Promise((resolve, reject) => {
			const waiter: Waiter = {
				start: resolve,
				timer: setTimeout(() => {
					waiting.splice(waiting.indexOf(waiter), 1);
					reject(new HashingUnavailableError(deadlineMs));
				}, deadlineMs),
			};
			waiting.push(waiter);
		});
	}

	function release(): void {
		const next = waiting.shift();
		if (next === undefined) {
			running--;
			return;
		}
		clearTimeout(next.timer);
		next.start();
	}

	return {
		async run(operation, work) {
			const arrived = performance.now();
			if (running < slots) running++;
			else await waitForSlot();
			const started = performance.now();
			try {
				return await work();
			} finally {
				const ended = performance.now();
				release();
				observe?.(operation, (started - arrived) / 1000, (ended - started) / 1000);
			}
		},
		// What is handed over beyond the cores waits, in the threads' queue rather than here.
		load: () => ({ running: Math.min(running, concurrency), waiting: waiting.length + Math.max(0, running - concurrency) }),
	};
}

export function createHasher(options: HasherOptions = {}): Hasher {
	const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
	const deadlineMs = options.startDeadlineMs ?? HASHING_START_DEADLINE_MS;
	const cost = options.cost ?? ARGON2_COST;
	const argon2 = { algorithm: "argon2id", ...cost } as const;
	// This hasher's own hashes start so; they are current even at a cost below the contract's.
	const ownPrefix = `$argon2id$v=19$m=${cost.memoryCost},t=${cost.timeCost},p=1$`;
	const own = createGate(concurrency, 1, deadlineMs, options.observe);
	// No work handed ahead: the lane's hashes may each cost seconds, and one waiting in the threads'
	// queue would hold back Holm's own behind it.
	const imported = createGate(Math.max(1, Math.floor(concurrency / 2)), 0, deadlineMs, options.observe);
	const run = own.run;

	async function verifyAgainstNothing(password: string): Promise<void> {
		const dummy = await getDummyHash(cost);
		await run("verify", () => Bun.password.verify(password === "" ? "\u0000" : password, dummy, "argon2id"));
	}

	async function check(password: string, storedHash: string): Promise<StoredHashCheck> {
		// Bun.password.verify answers an empty password at once, which made a flood of empty guesses
		// free; such a password (never a valid one: passwords are set with at least 8 characters) is
		// verified against the dummy hash instead.
		if (password === "" || storedHash === NO_PASSWORD_HASH) {
			await verifyAgainstNothing(password);
			return { result: "incorrect" };
		}
		const parsed = parsePasswordHash(storedHash);
		if ("error" in parsed) {
			await verifyAgainstNothing(password);
			return { result: "unverifiable", reason: parsed.error };
		}
		const lane = parsed.upToDate ? own : imported;
		const correct = await lane.run("verify", () => parsed.verify(password));
		if (!correct) return { result: "incorrect" };
		const current = parsed.upToDate || storedHash.startsWith(ownPrefix);
		return { result: "correct", upgradeFrom: current ? null : parsed.form };
	}

	return {
		hash: (password) => run("hash", () => Bun.password.hash(password, argon2)),
		check,
		verifyAgainstNothing,
		load() {
			const [a, b] = [own.load(), imported.load()];
			return { running: a.running + b.running, waiting: a.waiting + b.waiting };
		},
	};
}
