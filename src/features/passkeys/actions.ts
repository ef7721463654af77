// Passkey ceremonies (API.md section 10): options made here, answers relayed by the application
// backend and verified by verification.ts. Each verify takes its ceremony out of the database
// first, so whatever its outcome it is used up, on every instance.
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { PasskeyConfig } from "../../config.ts";
import type { AppContext } from "../../context.ts";
import { nowSeconds } from "../../lib/clock.ts";
import { fail, ok, tooManyRequests, type Result } from "../../errors.ts";
import { generateId, isId } from "../../lib/ids.ts";
import type { PasswordGuess } from "../../limits.ts";
import { refuseDisabledSignIn } from "../users/disabled.ts";
import { logEvent, logEvents, newEvent, recordEvent } from "../events/actions.ts";
import type { EventData } from "../events/store.ts";
import { sessionEnding } from "../sessions/actions.ts";
import type { User } from "../users/store.ts";
import { MAX_PASSKEYS_PER_USER, type Ceremony, type Passkey } from "./store.ts";
import {
	ALGORITHMS,
	CounterRegressed,
	InvalidCredential,
	parseAssertion,
	verifyAssertion,
	verifyRegistration,
	type AuthenticationCredentialJSON,
	type RegistrationCredentialJSON,
} from "./verification.ts";

/** Both kinds of ceremony live 5 minutes, and the browser is told the same. */
export const CEREMONY_LIFETIME_SECONDS = 5 * 60;
const USER_HANDLE_BYTES = 32;
const CHALLENGE_BYTES = 32;
const DEFAULT_NAME = "Passkey";

function randomBytes(n: number): Uint8Array {
	return crypto.getRandomValues(new Uint8Array(n));
}

function descriptor(passkey: Passkey) {
	const transports = passkey.transports.length > 0 ? { transports: passkey.transports } : {};
	return { type: "public-key" as const, id: encodeBase64urlNoPadding(passkey.credentialId), ...transports };
}

/** A new ceremony, stored; null when its user is gone. Its times are its store's. */
async function newCeremony(ctx: AppContext, kind: Ceremony["kind"], userId: string | null): Promise<Ceremony | null> {
	const ceremony = { id: generateId(), kind, userId, challenge: randomBytes(CHALLENGE_BYTES) };
	const stored = await ctx.stores.passkeys.insertCeremony(ceremony, CEREMONY_LIFETIME_SECONDS);
	return stored === null ? null : { ...ceremony, ...stored };
}

/** The caller learns only INVALID_CREDENTIAL; the operator setting passkeys up learns which rule
 *  refused (a wrong --passkey-origin is the usual one), and nothing of the answer itself. */
function logRefusal(ctx: AppContext, ceremony: Ceremony["kind"], error: InvalidCredential): void {
	ctx.log.info("passkey answer refused", { ceremony, rule: error.rule });
}

/** The ceremony of this id and kind, used up now; null when absent, expired or used. */
async function takeLiveCeremony(ctx: AppContext, id: string, kind: Ceremony["kind"]): Promise<Ceremony | null> {
	return isId(id) ? ctx.stores.passkeys.takeCeremony(id, kind) : null;
}

export const START_REGISTRATION_ERRORS = ["TOO_MANY_REQUESTS", "NOT_ALLOWED", "NOT_FOUND"] as const;

export interface StartedRegistration {
	ceremony: Ceremony;
	options: ReturnType<typeof creationOptions>;
}

function creationOptions(rp: PasskeyConfig, user: User, handle: Uint8Array, ceremony: Ceremony, passkeys: Passkey[]) {
	const name = user.email ?? user.id;
	return {
		rp: { id: rp.rpId, name: rp.rpName },
		user: { id: encodeBase64urlNoPadding(handle), name, displayName: name },
		challenge: encodeBase64urlNoPadding(ceremony.challenge),
		pubKeyCredParams: ALGORITHMS.map((alg) => ({ type: "public-key" as const, alg })),
		timeout: CEREMONY_LIFETIME_SECONDS * 1000,
		excludeCredentials: passkeys.map(descriptor),
		authenticatorSelection: { residentKey: "required" as const, requireResidentKey: true as const, userVerification: rp.userVerification },
		attestation: "none" as const,
	};
}

export async function startRegistration(ctx: AppContext, rp: PasskeyConfig, user: User, clientIp: string | undefined): Promise<Result<StartedRegistration, typeof START_REGISTRATION_ERRORS>> {
	const blocked = await ctx.limits.checkGuessesBlocked({ clientIp, userId: null });
	if (!blocked.allowed) return tooManyRequests(blocked.retryAfterMs);
	const passkeys = await ctx.stores.passkeys.listForUser(user.id);
	if (passkeys.length >= MAX_PASSKEYS_PER_USER) return fail("NOT_ALLOWED");
	const handle = await ctx.stores.passkeys.userHandle(user.id, randomBytes(USER_HANDLE_BYTES));
	if (handle === null) return fail("NOT_FOUND");
	const ceremony = await newCeremony(ctx, "registration", user.id);
	// Deleted since the path named them.
	if (ceremony === null) return fail("NOT_FOUND");
	return ok({ ceremony, options: creationOptions(rp, user, handle, ceremony, passkeys) });
}

export const FINISH_REGISTRATION_ERRORS = ["INVALID_REQUEST", "INVALID_CREDENTIAL", "PASSKEY_ALREADY_REGISTERED", "NOT_ALLOWED"] as const;

export async function finishRegistration(
	ctx: AppContext,
	rp: PasskeyConfig,
	input: { ceremonyId: string; credential: RegistrationCredentialJSON; name: string | undefined; clientIp: string | undefined },
): Promise<Result<Passkey, typeof FINISH_REGISTRATION_ERRORS>> {
	const ceremony = await takeLiveCeremony(ctx, input.ceremonyId, "registration");
	if (ceremony === null || ceremony.userId === null) return fail("INVALID_REQUEST");
	let verified;
	try {
		verified = await verifyRegistration(rp, ceremony, input.credential);
	} catch (error) {
		if (!(error instanceof InvalidCredential)) throw error;
		logRefusal(ctx, "registration", error);
		return fail("INVALID_CREDENTIAL");
	}
	const passkey: Passkey = {
		id: generateId(),
		userId: ceremony.userId,
		...verified,
		name: input.name ?? DEFAULT_NAME,
		createdAt: nowSeconds(ctx),
		lastUsedAt: null,
		transports: [...new Set(input.credential.response.transports ?? [])],
	};
	const event = newEvent(ctx, "passkey_registered", { userId: passkey.userId, clientIp: input.clientIp, data: { passkey_id: passkey.id } });
	switch (await ctx.stores.passkeys.insertPasskey(passkey, event)) {
		case "CREATED":
			logEvent(ctx, event);
			return ok(passkey);
		case "ALREADY_REGISTERED":
			return fail("PASSKEY_ALREADY_REGISTERED");
		case "TOO_MANY":
			return fail("NOT_ALLOWED");
		case "NO_USER":
			return fail("INVALID_REQUEST");
	}
}

export const START_AUTHENTICATION_ERRORS = ["NOT_FOUND", "TOO_MANY_REQUESTS"] as const;

export interface StartedAuthentication {
	ceremony: Ceremony;
	options: ReturnType<typeof requestOptions>;
}

function requestOptions(rp: PasskeyConfig, ceremony: Ceremony, passkeys: Passkey[]) {
	return {
		challenge: encodeBase64urlNoPadding(ceremony.challenge),
		timeout: CEREMONY_LIFETIME_SECONDS * 1000,
		rpId: rp.rpId,
		allowCredentials: passkeys.map(descriptor),
		userVerification: rp.userVerification,
	};
}

/** With a user id, the user's passkeys are offered; without, the browser offers what it holds
 *  for the site (a discoverable, "username-less" sign-in). */
export async function startAuthentication(
	ctx: AppContext,
	rp: PasskeyConfig,
	input: { userId: string | undefined; clientIp: string | undefined },
): Promise<Result<StartedAuthentication, typeof START_AUTHENTICATION_ERRORS>> {
	let user: User | null = null;
	if (input.userId !== undefined) {
		user = isId(input.userId) ? await ctx.stores.users.get(input.userId) : null;
		if (user === null) return fail("NOT_FOUND");
	}
	const blocked = await ctx.limits.checkGuessesBlocked({ clientIp: input.clientIp, userId: user?.id ?? null });
	if (!blocked.allowed) return tooManyRequests(blocked.retryAfterMs);
	const passkeys = user === null ? [] : await ctx.stores.passkeys.listForUser(user.id);
	const ceremony = await newCeremony(ctx, "authentication", user?.id ?? null);
	if (ceremony === null) return fail("NOT_FOUND");
	return ok({ ceremony, options: requestOptions(rp, ceremony, passkeys) });
}

export const FINISH_AUTHENTICATION_ERRORS = ["TOO_MANY_REQUESTS", "INVALID_REQUEST", "INVALID_CREDENTIAL", "USER_DISABLED"] as const;

export interface PasskeySignIn {
	user: User;
	passkey: Passkey;
}

type FinishAuthenticationResult = Result<PasskeySignIn, typeof FINISH_AUTHENTICATION_ERRORS>;

/** The passkey a credential id names, when the id decodes at all: whose limits the attempt counts against. */
async function passkeyNamed(ctx: AppContext, rawId: string): Promise<Passkey | null> {
	const bytes = Buffer.from(rawId, "base64url");
	if (bytes.byteLength === 0 || bytes.byteLength > 1023) return null;
	return ctx.stores.passkeys.getByCredentialId(new Uint8Array(bytes));
}

/**
 * A sign-in: limited first (a failed assertion counts as an incorrect password, per address and
 * per user: the passkey's owner), then the ceremony is used up, then verified. An answer that
 * fails any check, or whose passkey or user went away meanwhile, is an incorrect guess.
 */
export async function finishAuthentication(
	ctx: AppContext,
	rp: PasskeyConfig,
	input: { ceremonyId: string; credential: AuthenticationCredentialJSON; clientIp: string | undefined },
): Promise<FinishAuthenticationResult> {
	const named = await passkeyNamed(ctx, input.credential.rawId);
	const guess: PasswordGuess = { clientIp: input.clientIp, userId: named?.userId ?? null };
	const admitted = await ctx.limits.admitPasskeyAssertion(guess);
	if (!admitted.allowed) return tooManyRequests(admitted.retryAfterMs);

	const ceremony = await takeLiveCeremony(ctx, input.ceremonyId, "authentication");
	if (ceremony === null) {
		// Nothing was judged: the attempt is taken back.
		await ctx.limits.settlePasswordGuess(guess, "unchecked");
		return fail("INVALID_REQUEST");
	}
	const outcome = await checkAssertion(ctx, rp, ceremony, input, named);
	// A disabled user's correct passkey was no wrong answer: it blocks neither the user nor the address.
	await ctx.limits.settlePasswordGuess(guess, outcome.ok || outcome.error === "USER_DISABLED" ? "correct" : "incorrect");
	if (!outcome.ok && outcome.error !== "USER_DISABLED") {
		// As for a wrong password: the user whose passkey the answer named (null for none), and the address.
		const data: EventData = named === null ? { method: "passkey" } : { method: "passkey", passkey_id: named.id };
		await recordEvent(ctx, newEvent(ctx, "sign_in_failed", { userId: named?.userId ?? null, clientIp: input.clientIp, data }));
	}
	return outcome;
}

async function checkAssertion(
	ctx: AppContext,
	rp: PasskeyConfig,
	ceremony: Ceremony,
	input: { credential: AuthenticationCredentialJSON; clientIp: string | undefined },
	named: Passkey | null,
): Promise<FinishAuthenticationResult> {
	const refused = fail("INVALID_CREDENTIAL");
	let verified;
	try {
		const assertion = parseAssertion(input.credential);
		// Read only when there is one to compare: a query saved on every sign-in that sends none.
		const ownersHandle = named === null || assertion.userHandle === null ? null : await ctx.stores.passkeys.getUserHandle(named.userId);
		verified = await verifyAssertion(rp, ceremony, assertion, named, ownersHandle);
	} catch (error) {
		if (!(error instanceof InvalidCredential)) throw error;
		logRefusal(ctx, "authentication", error);
		if (error instanceof CounterRegressed && named !== null) {
			await recordEvent(ctx, newEvent(ctx, "passkey_counter_regressed", { userId: named.userId, clientIp: input.clientIp, data: { passkey_id: named.id } }));
		}
		return refused;
	}
	const { passkey, signCount, backedUp } = verified;
	// Only now, with the assertion proved: a disabled user (API.md section 18) is told so, and nothing
	// else happens (the passkey's use is not recorded, nobody signs in) but a sign_in_failed that says
	// why. The ceremony was used up above.
	const owner = await ctx.stores.users.get(passkey.userId);
	if (owner === null) return refused;
	if (owner.disabled) return refuseDisabledSignIn(ctx, { userId: passkey.userId, clientIp: input.clientIp, data: { method: "passkey", passkey_id: passkey.id } });
	const usedAt = nowSeconds(ctx);
	// A compare-and-swap on the counter that was verified: a parallel use of the same counter, or a
	// passkey deleted meanwhile, leaves this one refused. The sign-in's event is stored with the use.
	const event = newEvent(ctx, "sign_in", { userId: passkey.userId, clientIp: input.clientIp, data: { method: "passkey", passkey_id: passkey.id } });
	if (!(await ctx.stores.passkeys.recordUse(passkey.id, passkey.signCount, { signCount, backedUp, usedAt }, event))) return refused;
	logEvent(ctx, event);
	return ok({ user: owner, passkey: { ...passkey, signCount, backedUp, lastUsedAt: usedAt } });
}

export const DELETE_PASSKEY_ERRORS = ["NOT_FOUND"] as const;

/** Ends the user's sessions but `keepSession` (a lost phone's passkey removed signs that phone out);
 *  the console's removal (`data.actor`) ends them all. */
export async function deletePasskey(ctx: AppContext, id: string, keepSession: string | null, data: EventData = {}): Promise<Result<void, typeof DELETE_PASSKEY_ERRORS>> {
	const passkey = isId(id) ? await ctx.stores.passkeys.get(id) : null;
	if (passkey === null) return fail("NOT_FOUND");
	const event = newEvent(ctx, "passkey_deleted", { userId: passkey.userId, data: { ...data, passkey_id: passkey.id } });
	const ending = sessionEnding(ctx, passkey.userId, "passkey_removed", keepSession, undefined, data);
	const written = await ctx.stores.passkeys.delete(id, passkey.userId, event, ending);
	if (written === null) return fail("NOT_FOUND");
	logEvents(ctx, written);
	return ok();
}
