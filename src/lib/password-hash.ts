// Argon2id at the contract's parameters (m=19456 KiB, t=2, p=1). Bun.password runs the hash on
// a worker thread, so hashing never blocks the event loop.
//
// Argon2id is the one costly thing Holm does, so it goes through a gate: as many run at once as
// there are cores, the rest wait in order. Work that cannot start within 5 seconds is refused
// (HashingUnavailableError, answered 503 UNAVAILABLE) instead of queueing without end: under
// overload the requests that are served stay fast, and memory stays bounded.
import { availableParallelism } from "node:os";

const ARGON2 = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

const HASHING_START_DEADLINE_MS = 5000;

export class HashingUnavailableError extends Error {
	constructor(deadlineMs: number) {
		super(`password hashing could not start within ${deadlineMs} ms`);
		this.name = "HashingUnavailableError";
	}
}

export type HashOperation = "hash" | "verify";
export type HashObserver = (operation: HashOperation, waitSeconds: number, runSeconds: number) => void;

export interface HasherOptions {
	/** How many run at once; the cores by default. */
	concurrency?: number;
	/** How long work may wait for a free core before it is refused. */
	startDeadlineMs?: number;
	/** Hears about each piece of work that ran (for the metrics). */
	observe?: HashObserver;
}

export interface Hasher {
	hash(password: string): Promise<string>;
	verify(password: string, hash: string): Promise<boolean>;
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

let dummyHash: Promise<string> | null = null;

function getDummyHash(): Promise<string> {
	// Made outside any gate: at start, before any request.
	dummyHash ??= Bun.password.hash(crypto.randomUUID(), ARGON2);
	return dummyHash;
}

/** Makes the dummy hash ahead of the first unknown email, so that one costs no more than the rest. */
export function prepareDummyHash(): void {
	void getDummyHash();
}

export function createHasher(options: HasherOptions = {}): Hasher {
	const concurrency = options.concurrency ?? Math.max(1, availableParallelism());
	const deadlineMs = options.startDeadlineMs ?? HASHING_START_DEADLINE_MS;
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

	async function run<T>(operation: HashOperation, work: () => Promise<T>): Promise<T> {
		const arrived = performance.now();
		if (running < concurrency) running++;
		else await waitForSlot();
		const started = performance.now();
		try {
			return await work();
		} finally {
			const ended = performance.now();
			release();
			options.observe?.(operation, (started - arrived) / 1000, (ended - started) / 1000);
		}
	}

	async function verifyAgainstNothing(password: string): Promise<void> {
		const dummy = await getDummyHash();
		await run("verify", () => Bun.password.verify(password === "" ? "\u0000" : password, dummy, "argon2id"));
	}

	return {
		hash: (password) => run("hash", () => Bun.password.hash(password, ARGON2)),
		/**
		 * Every check costs one argon2id verification, whatever the password. Bun.password.verify
		 * answers an empty password at once, which made a flood of empty guesses free; such a password
		 * (never a valid one: passwords are set with at least 8 characters) is verified against the
		 * dummy hash instead.
		 */
		async verify(password, hash) {
			if (password === "") {
				await verifyAgainstNothing(password);
				return false;
			}
			return run("verify", () => Bun.password.verify(password, hash, "argon2id"));
		},
		verifyAgainstNothing,
		load: () => ({ running, waiting: waiting.length }),
	};
}
