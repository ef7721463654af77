// Sign-in with an identity provider (docs/identity-providers.md): a button for each provider Holm
// lists posts here; Holm makes the provider's URL, this app keeps the request's id in an HttpOnly
// cookie of this browser and sends the browser there; the provider's redirect back is relayed to
// Holm with the id from that cookie, never one from the query, so a callback opened in any other
// browser signs nobody in. link_required: the address's holder proves the account with its password
// (and TOTP code) before the identity is linked to it. The account page lists the user's identities
// and unlinks one.
import { HolmError, type IdentityProvider, type User } from "@holm/client";
import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { getPurposeCookie, isHttps, setPurposeCookie } from "./cookies.js";
import { holm, isId } from "./holm.js";
import { DISABLED, tooMany } from "./messages.js";
import { linkPage, providerLabel, signInPage } from "./pages.js";
import { clientIp, type AppEnv } from "./sessions.js";

/** What a signed-in-to-be user goes through next: the second factor, or a session. */
type SignIn = (c: Context, user: User) => Promise<Response>;

// "provider.requestId", for the request's 10 minutes, sent only to /auth/…. Lax, not Strict: the
// provider sends the browser back with a top-level GET from its own site.
const COOKIE = "external_sign_in";
// A link proved by the password, waiting for the TOTP code: signed, the user, provider and request.
const PENDING_LINK_COOKIE = "pending_link";

/** The providers Holm was started with (none: no buttons). */
export function listProviders(): Promise<IdentityProvider[]> {
	return holm.listIdentityProviders();
}

/** The sign-in page again, with `message` (and the email typed, if any), and its button for each
 *  provider: whichever way a sign-in failed, the visitor may try another way in. */
export async function signInAgain(c: Context, message: string, email = "", status: 400 | 403 | 404 | 502 = 400): Promise<Response> {
	return c.html(signInPage(message, email, await listProviders()), status);
}

async function providerNamed(name: string): Promise<IdentityProvider | undefined> {
	return (await listProviders()).find((provider) => provider.name === name);
}

/** The request this browser started for `provider`, if its cookie holds one. A visitor can set the
 *  cookie to anything: the id is used only once isId passes. */
function startedRequest(c: Context, provider: string): string | undefined {
	const [started, requestId] = (getCookie(c, COOKIE) ?? "").split(".");
	return started === provider && isId(requestId) ? requestId : undefined;
}

function forget(c: Context): void {
	deleteCookie(c, COOKIE, { path: "/auth" });
}

async function failed(c: Context, message: string, status: 400 | 403 | 404 | 502 = 400): Promise<Response> {
	forget(c);
	return signInAgain(c, message, "", status);
}

/** Links the identity of the sign-in `requestId` to `userId`, who proved the account; then signs in. */
async function link(c: Context, provider: IdentityProvider, requestId: string, user: User, signIn: SignIn, email: string): Promise<Response> {
	try {
		await holm.linkExternalSignIn(requestId, { user_id: user.id, client_ip: clientIp(c) });
	} catch (error) {
		if (!(error instanceof HolmError)) throw error;
		const label = providerLabel(provider);
		if (error.code === "EMAIL_NOT_VERIFIED") {
			return failed(c, `Your address is not verified yet: sign in with an emailed code first, then sign in with ${label} again.`);
		}
		if (error.code === "IDENTITY_IN_USE") return failed(c, `That ${label} account is already linked to another account.`);
		if (["INVALID_REQUEST", "NOT_FOUND", "INVALID_DATA"].includes(error.code)) {
			return failed(c, `That sign-in with ${label} expired or was for ${email}: start again.`);
		}
		throw error;
	}
	forget(c);
	return signIn(c, user);
}

export function externalSignInRoutes(app: Hono<AppEnv>, signIn: SignIn, askToVerify: SignIn): void {
	app.post("/auth/:provider", async (c) => {
		const provider = await providerNamed(c.req.param("provider"));
		if (provider === undefined) return failed(c, "There is no such way to sign in.", 404);
		try {
			const started = await holm.startExternalSignIn({ provider: provider.name, client_ip: clientIp(c) });
			setCookie(c, COOKIE, `${provider.name}.${started.id}`, { path: "/auth", maxAge: 600, httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
			return c.redirect(started.authorization_url);
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "TOO_MANY_REQUESTS") return failed(c, tooMany(error));
			if (error.code === "PROVIDER_ERROR") return failed(c, `${providerLabel(provider)} cannot be reached right now: try again, or sign in another way.`, 502);
			throw error;
		}
	});

	// The provider's redirect back: its query (code, state, iss; or error) relayed to Holm, in the
	// browser that started.
	app.get("/auth/:provider/callback", async (c) => {
		const provider = await providerNamed(c.req.param("provider"));
		if (provider === undefined) return failed(c, "There is no such way to sign in.", 404);
		const label = providerLabel(provider);
		const requestId = startedRequest(c, provider.name);
		// No cookie, or one for another provider: this browser did not start this sign-in. Holm is not asked.
		if (requestId === undefined) return failed(c, `That sign-in with ${label} was started in another browser, or too long ago: start again here.`);
		const query = c.req.query();
		let result;
		try {
			result = await holm.verifyExternalSignIn(requestId, {
				state: query.state ?? "",
				code: query.code,
				error: query.error,
				iss: query.iss,
				client_ip: clientIp(c),
				create_user: true, // "Sign in or sign up with …"
			});
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "USER_DISABLED") return failed(c, DISABLED, 403);
			if (error.code === "PROVIDER_ERROR") return failed(c, `${label} did not complete the sign-in (it was cancelled, or ${label} could not be reached): try again.`, 502);
			if (error.code === "INVALID_CREDENTIAL") return failed(c, `${label}'s answer could not be verified: start again.`);
			if (error.code === "INVALID_REQUEST" || error.code === "INVALID_DATA") return failed(c, `That sign-in with ${label} expired or was already used: start again.`);
			throw error;
		}
		if (result.outcome === "link_required") {
			// The cookie stays: the request can be linked within its 10 minutes, once the holder proves the account.
			if (result.user === null) forget(c); // an address the provider did not verify names nobody
			return c.html(linkPage(provider, result.email ?? "", result.user !== null));
		}
		forget(c);
		if (result.user === null) return failed(c, `${label} gave no address to sign you up with: sign up with an email instead.`); // unknown
		// created with an address the provider did not verify: proved here first, as after a sign-up.
		if (!result.user.email_verified) return askToVerify(c, result.user);
		return signIn(c, result.user);
	});

	// link_required: the account's password proves its holder; a user with TOTP gives the code too,
	// and the link waits for it (finishPendingLink).
	app.post("/auth/:provider/link", async (c) => {
		const provider = await providerNamed(c.req.param("provider"));
		const requestId = provider && startedRequest(c, provider.name);
		if (provider === undefined || requestId === undefined) return failed(c, "Start the sign-in again in this browser.");
		const form = await c.req.parseBody();
		const email = typeof form.email === "string" ? form.email : "";
		const password = typeof form.password === "string" ? form.password : "";
		let user: User;
		try {
			user = await holm.authenticateWithPassword({ email, password, client_ip: clientIp(c) });
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "TOO_MANY_REQUESTS") return c.html(linkPage(provider, email, true, tooMany(error)), 400);
			if (["INVALID_DATA", "NOT_FOUND", "INCORRECT_PASSWORD"].includes(error.code)) return c.html(linkPage(provider, email, true, "Wrong password."), 400);
			if (error.code === "USER_DISABLED") return failed(c, DISABLED, 403);
			throw error;
		}
		if (user.totp_registered) {
			await setPurposeCookie(c, PENDING_LINK_COOKIE, "link", `${user.id}:${provider.name}:${requestId}`, 300);
			return signIn(c, user); // asks for the code; /sign-in/totp links once it is right
		}
		return link(c, provider, requestId, user, signIn, email);
	});

	// The account page's unlink button: only an identity of the signed-in user. Their other sessions end.
	app.post("/identities/unlink", async (c) => {
		const user = c.get("user");
		const session = c.get("session");
		const form = await c.req.parseBody();
		if (user === null || session === null) return c.redirect("/sign-in");
		const identities = await holm.listUserIdentities(user.id);
		const identity = identities.find((held) => isId(form.id) && held.id === form.id);
		if (identity !== undefined) await holm.deleteIdentity(identity.id, session.id);
		return c.redirect("/");
	});
}

/** After the TOTP code of a user whose link waited for it: links the identity (a link that can no
 *  longer be made is left: the user is signed in all the same and can sign in with the provider again). */
export async function finishPendingLink(c: Context, userId: string): Promise<void> {
	const pending = await getPurposeCookie(c, PENDING_LINK_COOKIE, "link");
	deleteCookie(c, PENDING_LINK_COOKIE, { path: "/" });
	const [linkUserId, provider, requestId] = pending?.split(":") ?? [];
	// Signed by this app in this browser when the password proved the account: no other can hold it.
	if (linkUserId !== userId || provider === undefined || !isId(requestId)) return;
	forget(c);
	await holm.linkExternalSignIn(requestId, { user_id: userId, client_ip: clientIp(c) }).catch((error: unknown) => {
		if (!(error instanceof HolmError)) throw error;
	});
}
