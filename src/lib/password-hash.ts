// Argon2id at the contract's parameters (m=19456 KiB, t=2, p=1). Bun.password runs the hash on
// a worker thread, so hashing never blocks the event loop.

const ARGON2 = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export function hashPassword(password: string): Promise<string> {
	return Bun.password.hash(password, ARGON2);
}

export function verifyPasswordHash(password: string, hash: string): Promise<boolean> {
	return Bun.password.verify(password, hash, "argon2id");
}

let dummyHash: Promise<string> | null = null;

function getDummyHash(): Promise<string> {
	dummyHash ??= hashPassword(crypto.randomUUID());
	return dummyHash;
}

/** Makes the dummy hash ahead of the first unknown email, so that one costs no more than the rest. */
export function prepareDummyHash(): void {
	void getDummyHash();
}

/** Spends the time of one verification when there is no hash to verify against, so an unknown
 *  email costs the same as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<void> {
	await verifyPasswordHash(password, await getDummyHash());
}
