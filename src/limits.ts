// The figures of API.md section 4, one limiter each.
import { FailureLimiter, SlidingWindowLimiter, TokenBucketLimiter, type Clock } from "./lib/rate-limit.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Reset, email verification and email update requests live 10 minutes (API.md section 2). */
export const REQUEST_LIFETIME_SECONDS = 10 * 60;
/** The 5th incorrect code deletes a reset, verification or update request; counted in the database. */
export const MAX_CODE_ATTEMPTS = 5;
/** 5 incorrect codes in a row lock verify-2fa/totp or reset-2fa for 15 minutes; counted in the database. */
export const MAX_INCORRECT_SECOND_FACTOR_CODES = 5;
export const SECOND_FACTOR_LOCKOUT_SECONDS = 15 * 60;

export function createLimits(now: Clock, capacity?: number) {
	return {
		/** Work that hashes a password, per client_ip: a bucket of 5, one token back every 10 s. */
		passwordHashing: new TokenBucketLimiter(5, 10 * SECOND, now, capacity),
		/** verify-password and authenticate/password, per client_ip: 5 incorrect in 15 minutes block. */
		incorrectPasswords: new FailureLimiter(5, 15 * MINUTE, now, capacity),
		/** Password reset requests, per user. */
		passwordResetRequests: new SlidingWindowLimiter(3, 15 * MINUTE, now, capacity),
		/** Email verification requests, per user. */
		emailVerificationRequests: new SlidingWindowLimiter(3, 15 * MINUTE, now, capacity),
		/** Email update requests, per user. */
		emailUpdateRequests: new SlidingWindowLimiter(3, 15 * MINUTE, now, capacity),
	};
}

export type Limits = ReturnType<typeof createLimits>;
