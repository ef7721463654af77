// What sign-in with an identity provider needs from a database; src/stores/<database>/identities.ts
// implements it. Every step that can race is one verb: a request is taken for its verify in one
// statement (of two verifies, on any instances, one gets it), and what the provider's answer leads to
// is decided (linking.ts) and written in one transaction with what it read.
import type { HolmEvent } from "../events/store.ts";
import type { SessionEnding } from "../sessions/store.ts";
import type { NewUser, User } from "../users/store.ts";
import type { ProviderIdentity } from "./identity.ts";
import type { LinkingPolicy, LinkPlan } from "./linking.ts";

/** A sign-in (or link) in progress: what Holm sent the browser to the provider with, kept 10 minutes. */
export interface ExternalSignInRequest {
	id: string;
	/** The provider's name. */
	provider: string;
	/** The signed-in user the identity is for ("add a sign-in method"); null for a sign-in. */
	userId: string | null;
	state: string;
	codeVerifier: string;
	/** OpenID Connect only. */
	nonce: string | null;
	createdAt: number;
	expiresAt: number;
}

/** An identity of a user: the pair (issuer, subject), with what the provider last said of it. */
export interface Identity {
	id: string;
	userId: string;
	/** The name of the provider it last came through. */
	provider: string;
	issuer: string;
	subject: string;
	email: string | null;
	emailVerified: boolean;
	name: string | null;
	createdAt: number;
	/** Null until the identity is used to sign in (one added by a signed-in user). */
	lastSignInAt: number | null;
}

/** What a verify's answer leads to, decided by linking.ts in the store's transaction. */
export interface SettlePlan {
	provider: string;
	policy: LinkingPolicy;
	/** The identity's id and time, if one is added. */
	newIdentity: { id: string; createdAt: number };
	/** The user to create, if one is (`created`): the provider's email, no password. */
	newUser: Omit<NewUser, "email">;
	/** Written as the outcome has them; their user_id is set by the store. */
	events: { signIn: HolmEvent; userCreated: HolmEvent; identityLinked: HolmEvent };
}

export type Settled =
	| { outcome: "signed_in" | "created" | "linked"; user: User; identity: Identity; events: HolmEvent[] }
	/** The request waits for POST /external-sign-ins/{id}/link; `user` only when the provider verified the email. */
	| { outcome: "link_required"; user: User | null }
	| { outcome: "unknown" }
	| { outcome: "IDENTITY_IN_USE" }
	/** The identity's user (or the user it would be linked to) is disabled (API.md section 18): the
	 *  request is used up and nothing else happens. */
	| { outcome: "USER_DISABLED"; userId: string }
	/** The user the request was made for was deleted meanwhile. */
	| { outcome: "INVALID_REQUEST" };

export type LinkOutcome =
	| { result: "LINKED"; user: User; identity: Identity; events: HolmEvent[] }
	/** Absent, expired, used, not waiting for a link, or the user no longer holds the email. */
	| { result: "INVALID_REQUEST" }
	| { result: "NOT_FOUND" }
	| { result: "EMAIL_NOT_VERIFIED" }
	| { result: "IDENTITY_IN_USE" };

export interface ExternalSignInStore {
	/** False when the user the request is for is gone. */
	insertRequest(request: ExternalSignInRequest): Promise<boolean>;
	/** Takes a started, live request for its one verify (judged by the store's clock): null when it is
	 *  absent, expired or already taken. A taken request is settled or dropped afterwards. */
	takeRequest(id: string): Promise<ExternalSignInRequest | null>;
	/** A taken request whose verify failed. */
	dropRequest(id: string): Promise<void>;
	/** In one transaction: reads who holds the identity, the request's user and the email's holder,
	 *  decides (linking.ts), writes the decision and its events, and ends the request, or, for
	 *  link_required, keeps it (with the identity) for POST …/link until it expires. */
	settle(request: ExternalSignInRequest, identity: ProviderIdentity, plan: SettlePlan): Promise<Settled>;
	/** In one transaction: reads the request waiting for a link (live), the user and the identity's
	 *  holder; linking.ts's planLink decides and makes the event; the store answers its refusal, or
	 *  adds the identity with its event (`add`) and ends the request. */
	link(requestId: string, userId: string, plan: LinkPlan): Promise<LinkOutcome>;
	get(id: string): Promise<Identity | null>;
	/** Oldest first. */
	listForUser(userId: string): Promise<Identity[]>;
	/** Deletes the identity of `userId`, ends the user's sessions but `ending.keep`, and writes `event`
	 *  (identity_unlinked), in one transaction; false when the identity is gone. */
	delete(id: string, userId: string, event: HolmEvent, ending: SessionEnding): Promise<HolmEvent[] | null>;
	deleteExpired(nowSeconds: number): Promise<void>;
}
