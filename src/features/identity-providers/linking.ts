// Which identity is whose (API.md section 16): the one rule of this feature that no library decides,
// written once here and applied by each database's store inside the transaction that acts on it, so
// that what it read cannot change before it writes.
//
// An identity is (issuer, subject) and is found only so, never by email: a provider's email claim is
// something its user may set (nOAuth), or an address someone registered before its owner came
// (pre-account hijacking). An email only says that a user with that address exists, and then the
// application must prove that user before the identity is added (link_required), unless the operator
// allowed linking for the provider and both the provider and Holm verified the address.
import { withData, type HolmEvent } from "../events/store.ts";
import type { ProviderIdentity } from "./identity.ts";

/** What the store read in the transaction. */
export interface LinkingFacts {
	/** The user who holds the identity already, or null. */
	owner: string | null;
	/** The signed-in user the request was made for ("add a sign-in method"), or null for a sign-in. */
	requester: string | null;
	/** The user who holds the provider's email, or null (also when the provider gave none). */
	holder: { id: string; emailVerified: boolean } | null;
}

export interface LinkingPolicy {
	/** The provider's auto_link. */
	autoLink: boolean;
	/** The verify's create_user. */
	createUser: boolean;
}

export type Decision =
	/** The identity's owner signs in. */
	| { outcome: "signed_in"; userId: string }
	/** The identity is (or already was: `insert` false) added to the user; `signIn` when the user
	 *  signs in by it (automatic linking), not when a signed-in user added it. */
	| { outcome: "linked"; userId: string; insert: boolean; signIn: boolean }
	/** A new user with the provider's email and the identity. */
	| { outcome: "created" }
	/** Another user holds the email: the application must prove that user first. `userId` names them
	 *  only when the provider verified the address (an unverified address names nobody). */
	| { outcome: "link_required"; userId: string | null }
	| { outcome: "unknown" }
	/** The request was for one user, and another holds the identity. */
	| { outcome: "IDENTITY_IN_USE" };

export function decide(identity: ProviderIdentity, facts: LinkingFacts, policy: LinkingPolicy): Decision {
	if (facts.requester !== null) {
		if (facts.owner === null) return { outcome: "linked", userId: facts.requester, insert: true, signIn: false };
		if (facts.owner === facts.requester) return { outcome: "linked", userId: facts.requester, insert: false, signIn: false };
		return { outcome: "IDENTITY_IN_USE" };
	}
	if (facts.owner !== null) return { outcome: "signed_in", userId: facts.owner };
	if (facts.holder !== null) {
		if (!identity.emailVerified) return { outcome: "link_required", userId: null };
		if (policy.autoLink && facts.holder.emailVerified) return { outcome: "linked", userId: facts.holder.id, insert: true, signIn: true };
		return { outcome: "link_required", userId: facts.holder.id };
	}
	return policy.createUser ? { outcome: "created" } : { outcome: "unknown" };
}

/** What `POST /external-sign-ins/{id}/link` may do for `user`, once the application has proved it:
 *  link only an address the provider verified, that the user still holds, and that Holm verified
 *  too (an unverified holder may be whoever registered the address first). */
type LinkJudgement = "LINK" | "ALREADY_LINKED" | "EMAIL_NOT_VERIFIED" | "NOT_HOLDER" | "IDENTITY_IN_USE";

function judgeLink(identity: ProviderIdentity, user: { id: string; email: string | null; emailVerified: boolean }, owner: string | null): LinkJudgement {
	if (!identity.emailVerified || identity.email === null) return "EMAIL_NOT_VERIFIED";
	if (user.email !== identity.email) return "NOT_HOLDER";
	if (!user.emailVerified) return "EMAIL_NOT_VERIFIED";
	if (owner === null) return "LINK";
	return owner === user.id ? "ALREADY_LINKED" : "IDENTITY_IN_USE";
}

/** What the action gives a link: the identity's id and time if it is added, and its identity_linked event. */
export interface LinkPlan {
	newIdentity: { id: string; createdAt: number };
	event: HolmEvent;
}

/** What a store does with a link, decided on what it read in its transaction. */
export type PlannedLink =
	/** A refusal, which the store answers as it is (a user who no longer holds the address: INVALID_REQUEST). */
	| { result: "EMAIL_NOT_VERIFIED" | "INVALID_REQUEST" | "IDENTITY_IN_USE" }
	/** The link: `add` is the identity to add to the user, at `at`, and the event to write with it;
	 *  null when the user holds the identity already. */
	| { result: "LINKED"; add: { id: string; at: number; event: HolmEvent } | null };

/** The link of the identity waiting at `provider` to `user` (judgeLink), `ownerId` holding the
 *  identity already or null, and, if it is added, its event made for the user, the provider and the
 *  identity. */
export function planLink(
	identity: ProviderIdentity,
	user: { id: string; email: string | null; emailVerified: boolean },
	ownerId: string | null,
	provider: string,
	plan: LinkPlan,
): PlannedLink {
	const judgement = judgeLink(identity, user, ownerId);
	switch (judgement) {
		case "NOT_HOLDER":
			return { result: "INVALID_REQUEST" };
		case "EMAIL_NOT_VERIFIED":
		case "IDENTITY_IN_USE":
			return { result: judgement };
		case "ALREADY_LINKED":
			return { result: "LINKED", add: null };
		case "LINK": {
			const { id, createdAt } = plan.newIdentity;
			return { result: "LINKED", add: { id, at: createdAt, event: withData({ ...plan.event, userId: user.id }, { provider, identity_id: id }) } };
		}
	}
}
