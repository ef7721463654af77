// What the pages tell the user for Holm's refusals that several routes share.
import type { HolmError } from "@holm/client";

/** What a disabled user is told, once their credential proved right (Holm's USER_DISABLED). */
export const DISABLED = "This account is disabled. Contact support if you think that is a mistake.";

export function tooMany(error: HolmError): string {
	return `Too many attempts: try again in ${error.retryAfter} seconds.`;
}
