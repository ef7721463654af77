// What an operator's `--limit` values are warned about at every start (docs/limits.md): values
// that make guessing cheaper (looser than the contract), and values that make it cheap for anyone
// to lock someone else out (stricter, on the rows whose key a stranger can name: a user's id or
// email is no secret). Both are choices a reader of the log should be able to see.
import { formatLimit, formatWindow } from "./format.ts";
import { DEFAULT_LIMITS, LIMIT_NAMES, type LimitName, type LimitSettings } from "./settings.ts";

/** The rows set looser than the contract's figures: a larger count, or a shorter window (a token
 *  back sooner, a block or a count that ends sooner). */
export function looserThanDefaults(settings: LimitSettings): LimitName[] {
	return LIMIT_NAMES.filter((name) => {
		const set = settings[name];
		const fallback = DEFAULT_LIMITS[name];
		return set.count > fallback.count || (set.windowMs !== null && fallback.windowMs !== null && set.windowMs < fallback.windowMs);
	});
}

/**
 * The rows that anyone who knows a user's id or email can use up for that user, each with the
 * smallest COUNT that is not warned about: half the default, rounded up. Below it, or with a
 * WINDOW longer than the default, locking the user out (of password sign-in, of the second-factor
 * check, of a reset, verification or sign-in email) costs a stranger fewer requests or lasts longer than
 * the contract's figures allow.
 */
const LOCK_OUT_FLOORS: Readonly<Partial<Record<LimitName, number>>> = {
	"incorrect-passwords-user": 5,
	"second-factor": 3,
	"reset-requests-user": 2,
	"email-requests-user": 2,
	"email-sign-ins-email": 2,
};

interface CheapLockOut {
	limit: LimitName;
	/** What makes it cheap: "COUNT below 5", "WINDOW above 15m". */
	why: string;
}

/** The per-user rows whose values make a lock-out cheap (see LOCK_OUT_FLOORS). */
export function cheapLockOuts(settings: LimitSettings): CheapLockOut[] {
	const found: CheapLockOut[] = [];
	for (const name of LIMIT_NAMES) {
		const floor = LOCK_OUT_FLOORS[name];
		if (floor === undefined) continue;
		const set = settings[name];
		const defaultWindow = DEFAULT_LIMITS[name].windowMs!;
		const reasons: string[] = [];
		if (set.count < floor) reasons.push(`COUNT below ${floor}`);
		if (set.windowMs! > defaultWindow) reasons.push(`WINDOW above ${formatWindow(defaultWindow)}`);
		if (reasons.length > 0) found.push({ limit: name, why: reasons.join(" and ") });
	}
	return found;
}

/** One warning line of the start: its message and its fields. */
interface LimitWarning {
	message: string;
	fields: Record<string, string>;
}

/** Every warning the values in force call for, looser ones first. */
export function limitWarnings(settings: LimitSettings): LimitWarning[] {
	const shown = (name: LimitName) => ({ limit: name, value: formatLimit(settings[name]), default: formatLimit(DEFAULT_LIMITS[name]) });
	return [
		...looserThanDefaults(settings).map((name) => ({ message: "a limit is looser than the default", fields: shown(name) })),
		...cheapLockOuts(settings).map(({ limit, why }) => ({ message: "a limit makes locking a user out cheap", fields: { ...shown(limit), why } })),
	];
}
