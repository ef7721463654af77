// Argon2 in the PHC form (`$argon2id$v=19$m=…,t=…,p=…$SALT$HASH`, also argon2i and argon2d) and
// Django's `argon2$argon2id$…`. Bun.password.verify does the work, but it takes its cost from the
// string without a limit (m=4 GiB took 26 s and 4 GB), so it only ever sees a string rebuilt here
// from parameters inside the bounds.
import { decodeStandardBase64, parseDecimal, parseParameters } from "./encoding.ts";
import { INVALID, UNSUPPORTED, type HashError, type HashForm } from "./types.ts";

const ARGON2_BOUNDS = { maxMemoryKiB: 262_144, maxTime: 10, maxParallelism: 16 } as const;

// Holm's own parameters. An argon2id hash at least this strong, and at most twice as costly (memory
// × passes), is kept after a correct password; a weaker one, or a much costlier one (every check of
// which holds a core for longer than Holm's own), is replaced by Holm's.
const HOLM_MEMORY_KIB = 19_456;
const HOLM_TIME = 2;
const MAX_KEPT_COST = 2 * HOLM_MEMORY_KIB * HOLM_TIME;

type Variant = "argon2id" | "argon2i" | "argon2d";

interface Argon2Params {
	form: string;
	variant: Variant;
	memoryKiB: number;
	time: number;
	parallelism: number;
	salt: string;
	hash: string;
	/** An argon2id hash in the PHC form at Holm's strength, up to twice its cost: nothing to upgrade. */
	upToDate: boolean;
}

function parsePhc(phc: string, wrapped: "django" | null): Argon2Params | HashError {
	// "", variant, "v=19", "m=…,t=…,p=…", salt, hash
	const fields = phc.split("$");
	const variant = fields[1];
	if (variant !== "argon2id" && variant !== "argon2i" && variant !== "argon2d") return UNSUPPORTED;
	// Version 0x10 (no `v=`, or v=16) is a different function that Bun does not compute. Five fields
	// that start with v=19 are a truncated hash, not version 0x10.
	if ((fields.length === 5 && !fields[2]!.startsWith("v=")) || fields[2] === "v=16") return UNSUPPORTED;
	if (fields.length !== 6 || fields[0] !== "" || fields[2] !== "v=19") return INVALID;
	const settings = parseParameters(fields[3]!, ["m", "t", "p"] as const);
	if (settings === null) {
		// A secret key or associated data (keyid=, data=) belongs to the system that made the hash.
		return /(^|,)(keyid|data)=/.test(fields[3]!) ? UNSUPPORTED : INVALID;
	}
	const memoryKiB = parseDecimal(settings.m);
	const time = parseDecimal(settings.t);
	const parallelism = parseDecimal(settings.p);
	if (memoryKiB === null || time === null || parallelism === null) return INVALID;
	if (time < 1 || time > ARGON2_BOUNDS.maxTime) return INVALID;
	if (parallelism < 1 || parallelism > ARGON2_BOUNDS.maxParallelism) return INVALID;
	if (memoryKiB < 8 * parallelism || memoryKiB > ARGON2_BOUNDS.maxMemoryKiB) return INVALID;
	const salt = decodeStandardBase64(fields[4]!);
	const hash = decodeStandardBase64(fields[5]!);
	if (salt === null || hash === null || fields[4]!.includes("=") || fields[5]!.includes("=")) return INVALID;
	if (salt.length < 8 || salt.length > 64 || hash.length < 4 || hash.length > 64) return INVALID;
	return {
		form: wrapped === "django" ? "django_argon2" : variant,
		variant,
		memoryKiB,
		time,
		parallelism,
		salt: fields[4]!,
		hash: fields[5]!,
		upToDate:
			wrapped === null &&
			variant === "argon2id" &&
			memoryKiB >= HOLM_MEMORY_KIB &&
			time >= HOLM_TIME &&
			memoryKiB * time <= MAX_KEPT_COST,
	};
}

export const argon2: HashForm<Argon2Params> = {
	parse: (hash) => parsePhc(hash, null),
	async verify(password, params) {
		const rebuilt = `$${params.variant}$v=19$m=${params.memoryKiB},t=${params.time},p=${params.parallelism}$${params.salt}$${params.hash}`;
		return Bun.password.verify(password, rebuilt);
	},
};

/** Django's Argon2PasswordHasher: `argon2` then the PHC string without its leading `$`. */
export const djangoArgon2: HashForm<Argon2Params> = {
	parse: (hash) => parsePhc(hash.slice("argon2".length), "django"),
	verify: argon2.verify,
};
