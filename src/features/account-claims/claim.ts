// Whoever proves the address owns the account (API.md section 17). A user whose email is not
// verified may have been made by someone else with the owner's address and a password they know
// (pre-account hijacking), so the first proof of the address (a correct email sign-in code, a
// verified password reset) takes away everything the account's maker could have set, in the
// proof's own transaction. The stores carry it out (src/stores/<database>/account-claims.ts); this
// module says what a claim is and builds one.
import type { AppContext } from "../../context.ts";
import { generateCode } from "../../lib/ids.ts";
import { newEvent } from "../events/actions.ts";
import type { HolmEvent } from "../events/store.ts";
import { sessionEnding } from "../sessions/actions.ts";
import type { SessionEnding } from "../sessions/store.ts";

/** What a claim can find and remove: `data.removed` of the account_claimed event lists those that
 *  were there. `identities` joins them with sign-in by an identity provider. */
export type ClaimedKind = "password" | "totp" | "passkeys" | "identities" | "sessions" | "requests";

/** A claim, decided by the action and carried out by the store in the proof's transaction. */
export interface AccountClaim {
	/** The password the account has afterwards: the reset's new one, or none (an email code). */
	passwordHash: string;
	/** The recovery code that replaces the maker's, who may have read the old one. */
	recoveryCode: string;
	/** Every session ends (sessions_ended with the proof's reason). */
	ending: SessionEnding;
	/** account_claimed; the store adds `data.removed` and the user. */
	event: HolmEvent;
}

/** What the store did: the kinds it found and removed, and the events it wrote (sessions_ended
 *  when a live session ended, then account_claimed), to be logged once the proof commits. */
export interface ClaimOutcome {
	removed: ClaimedKind[];
	events: HolmEvent[];
}

/**
 * The claim a proof makes when it reaches a user whose email is not verified. `reason` is the
 * proof's: a reset ends sessions as every reset does (`password_reset`), an email code as a claim
 * (`account_claimed`). The user may not be known yet (an email code names its user as the store
 * reads the request): the store sets it on the events.
 */
export function accountClaim(
	ctx: AppContext,
	proof: { userId: string | null; reason: "password_reset" | "account_claimed"; passwordHash: string; clientIp: string | undefined },
): AccountClaim {
	return {
		passwordHash: proof.passwordHash,
		recoveryCode: generateCode(),
		ending: sessionEnding(ctx, proof.userId ?? "", proof.reason, null, proof.clientIp),
		event: newEvent(ctx, "account_claimed", { userId: proof.userId, clientIp: proof.clientIp }),
	};
}
