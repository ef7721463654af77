// A way in for a disabled user (API.md section 18). Every way in (a password, an email code, a
// passkey, and the identity provider verify of section 16) asks whether its user is disabled only
// once its credential has proved correct, so that the answer tells nothing to someone who does not
// know the credential, and then refuses the same way: the proof stays used up (a code, a ceremony,
// a provider's request), nothing else happens (no sign-in, no claim, no hash upgrade, no recorded
// use), and a sign_in_failed event says why.
//
// Identity provider verify (section 16, on its own branch): once the provider's answer has passed
// every check and the identity's user is found (outcome `signed_in`, or an `auto_link` that would
// sign in), a user whose `disabled` is true gets `refuseDisabledSignIn(ctx, { userId, clientIp,
// data: { method: "external", provider } })` instead of the sign-in: no `last_sign_in_at`, no
// linking, no event but this one. Read the user in the transaction that uses the request up where
// the outcome is decided there, as email sign-in does (stores/*/email-sign-in.ts).
import type { AppContext } from "../../context.ts";
import { fail, type Failure } from "../../errors.ts";
import { newEvent, recordEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";

/** The `data.reason` of the sign_in_failed that a disabled user's correct credential records. */
export const DISABLED_SIGN_IN = { reason: "user_disabled" } as const;

/** Records the refusal (`data`: the way in's own, `method` and the like) and answers USER_DISABLED. */
export async function refuseDisabledSignIn(
	ctx: AppContext,
	about: { userId: string | null; clientIp: string | undefined | null; data: EventData },
): Promise<Failure<"USER_DISABLED">> {
	await recordEvent(ctx, newEvent(ctx, "sign_in_failed", { userId: about.userId, clientIp: about.clientIp, data: { ...about.data, ...DISABLED_SIGN_IN } }));
	return fail("USER_DISABLED");
}
