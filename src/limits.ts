// The limits of API.md section 4, as the rest of Holm imports them. Each concern has its own module
// under src/limits/:
//   settings.ts       the rows an operator may set, their defaults and meanings
//   parse.ts          --limit NAME=COUNT/WINDOW and HOLM_LIMIT
//   format.ts         "5/15m"
//   warnings.ts       the values warned about at start (looser, or a cheap lock-out)
//   second-factor.ts  the lockout the two-factor stores keep in the database
//   rules.ts          the rules built from the figures in force
//   policy.ts         Limits: the questions the features ask (admitPasswordGuess, …)
//   store.ts          LimitStore: where the state is kept (memory-store.ts; PostgreSQL in src/stores)
export { formatLimit, formatWindow } from "./limits/format.ts";
export { createMemoryLimitStore, DEFAULT_LIMITER_CAPACITY } from "./limits/memory-store.ts";
export { limitSettings, parseLimit } from "./limits/parse.ts";
export {
	createLimits,
	createMemoryLimits,
	type CodeRequestKind,
	type LimitObserver,
	type LimitParty,
	type Limits,
	type PasswordGuess,
} from "./limits/policy.ts";
export { createRules, PER_USER_RULES, RULES, type Rules } from "./limits/rules.ts";
export { secondFactorLockout, secondFactorLockSeconds, SECOND_FACTOR_MAX_LOCK_SECONDS, type SecondFactorLockout } from "./limits/second-factor.ts";
export { DEFAULT_LIMITS, LIMIT_MEANINGS, LIMIT_NAMES, REQUEST_LIFETIME_SECONDS, type LimitName, type LimitSetting, type LimitSettings } from "./limits/settings.ts";
export type { LimitDecision, LimitKey, LimitStore } from "./limits/store.ts";
export { cheapLockOuts, limitWarnings, looserThanDefaults, LOCK_OUT_FLOORS } from "./limits/warnings.ts";
