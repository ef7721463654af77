// Making, logging and recording events. Every event is logged ("security event", as the README's
// table describes) and stored unless --event-retention is 0.
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, type Result } from "../../errors.ts";
import { generateId } from "../../lib/ids.ts";
import { logSecurityEvent } from "../../security-events.ts";
import type { EventData, EventType, HolmEvent } from "./store.ts";

export function newEvent(
	ctx: AppContext,
	type: EventType,
	about: { userId: string | null; clientIp?: string | null | undefined; data?: EventData },
): HolmEvent {
	return { id: generateId(), time: nowSeconds(ctx), type, userId: about.userId, clientIp: about.clientIp ?? null, data: about.data ?? {} };
}

/** The log line of an event that has been stored (or that records no change: see recordEvent). */
export function logEvent(ctx: AppContext, event: HolmEvent): void {
	logSecurityEvent(ctx.log, event);
	ctx.webhooks?.wake();
}

/** The log lines of the events a change stored, once it committed. */
export function logEvents(ctx: AppContext, events: readonly HolmEvent[]): void {
	for (const event of events) logEvent(ctx, event);
}

/** Stores and logs an event that records no change of its own (a sign-in, a block). A failure to
 *  store it is logged, never the caller's failure: the call itself has already happened. */
export async function recordEvent(ctx: AppContext, event: HolmEvent): Promise<void> {
	try {
		await ctx.stores.events.append([event]);
	} catch (error) {
		ctx.log.error("failed to store an event", { type: event.type, reason: error instanceof Error ? error.message : String(error) });
	}
	logEvent(ctx, event);
}

export const UNBLOCK_USER_ERRORS = ["NOT_FOUND"] as const;

/** Ends the user's per-user password block and both second-factor locks, with their escalation
 *  (the next lock is 15 minutes again). NOT_FOUND when there is no such user. */
export async function unblockUser(ctx: AppContext, userId: string, data: EventData = {}): Promise<Result<void, typeof UNBLOCK_USER_ERRORS>> {
	await ctx.limits.unblockUser(userId);
	const event = newEvent(ctx, "user_unblocked", { userId, data });
	if (!(await ctx.stores.twoFactor.clearLockouts(userId, event))) return fail("NOT_FOUND");
	logEvent(ctx, event);
	return ok();
}
