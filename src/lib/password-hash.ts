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

/** Spends the time of one verification when there is no hash to verify against, so an unknown
 *  email costs the same as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<void> {
	dummyHash ??= hashPassword(crypto.randomUUID());
	await verifyPasswordHash(password, await dummyHash);
}
