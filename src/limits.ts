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
export { formatLimit } from "./limits/format.ts";
export { createMemoryLimitStore } from "./limits/memory-store.ts";
export { limitSettings } from "./limits/parse.ts";
export { createLimits, createMemoryLimits, type LimitObserver, type Limits, type PasswordGuess } from "./limits/policy.ts";
export { createRules, PER_USER_RULES, RULES } from "./limits/rules.ts";
export { secondFactorLockout, secondFactorLockSeconds, type SecondFactorLockout } from "./limits/second-factor.ts";
export { DEFAULT_LIMITS, LIMIT_MEANINGS, LIMIT_NAMES, REQUEST_LIFETIME_SECONDS, type LimitName, type LimitSettings } from "./limits/settings.ts";
export type { LimitKey, LimitStore } from "./limits/store.ts";
export { cheapLockOuts, limitWarnings, looserThanDefaults } from "./limits/warnings.ts";
