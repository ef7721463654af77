// STAND-IN, replaced at merge by the hash-forms branch's module of the same interface. It knows
// one form only, Holm's own argon2id with the bounds of API.md section 9, so that the import
// endpoint and its tests run on this branch. Put nothing else in this file.

export type PasswordHashError = "UNSUPPORTED_PASSWORD_HASH" | "INVALID_PASSWORD_HASH";

export interface ParsedPasswordHash {
	form: string;
	verify(password: string): Promise<boolean>;
}

const ARGON2ID = /^\$argon2id\$v=19\$m=([0-9]{1,10}),t=([0-9]{1,10}),p=([0-9]{1,10})\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/;

export function parsePasswordHash(hash: string): ParsedPasswordHash | { error: PasswordHashError } {
	if (!hash.startsWith("$argon2id$")) return { error: "UNSUPPORTED_PASSWORD_HASH" };
	const match = ARGON2ID.exec(hash);
	if (match === null) return { error: "INVALID_PASSWORD_HASH" };
	const [m, t, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
	if (m < 8 * p || m > 262_144 || t < 1 || t > 10 || p < 1 || p > 16) return { error: "INVALID_PASSWORD_HASH" };
	return {
		form: "argon2id",
		async verify(password) {
			try {
				return await Bun.password.verify(password, hash, "argon2id");
			} catch {
				return false;
			}
		},
	};
}
