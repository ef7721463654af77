// The whole application: sign-up and its address's verification, sign-in (password, emailed code or
// passkey) and its second factor (TOTP), the session middleware, sign-out and sign-out everywhere,
// adding a passkey and turning TOTP on. Every account call goes to Holm.
import { HolmError, type RequestBody, type User } from "@holm/client";
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, getSignedCookie, setCookie, setSignedCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { Secret, TOTP } from "otpauth";
import { COOKIE_SECRET, getPurposeCookie, isHttps, setPurposeCookie } from "./cookies.js";
import { externalSignInRoutes, finishPendingLink, listProviders, signInAgain } from "./external.js";
import { holm, isId } from "./holm.js";
import { DISABLED, tooMany } from "./messages.js";
import {
	claimedPage,
	emailCodePage,
	emailLinkPage,
	emailSignInPage,
	homePage,
	signInPage,
	signUpPage,
	totpDonePage,
	totpSetupPage,
	totpSignInPage,
	verifyEmailPage,
} from "./pages.js";
import { clientIp, endSessionCookie, holmSession, startSession, type AppEnv } from "./sessions.js";

type NewPasskey = RequestBody<"verifyPasskeyRegistration">["credential"];
type UsedPasskey = RequestBody<"verifyPasskeyAuthentication">["credential"];

async function formFields(c: Context): Promise<{ email: string; password: string }> {
	const form = await c.req.parseBody();
	const text = (value: unknown) => (typeof value === "string" ? value : "");
	return { email: text(form.email).trim(), password: text(form.password) };
}

// The passkey ceremony a browser started, kept beside it for the 5 minutes Holm keeps it, so that
// a browser can only finish the ceremony it started.
const CEREMONY_COOKIE = "passkey_ceremony";

function rememberCeremony(c: Context, id: string): void {
	setCookie(c, CEREMONY_COOKIE, id, { path: "/passkeys", maxAge: 300, httpOnly: true, sameSite: "Strict", secure: isHttps(c) });
}

function takeCeremony(c: Context): string | undefined {
	const id = getCookie(c, CEREMONY_COOKIE);
	deleteCookie(c, CEREMONY_COOKIE, { path: "/passkeys" });
	return isId(id) ? id : undefined; // set by the visitor's browser: anything else names no ceremony
}

/** The browser's `credential.toJSON()`, as the page posts it. Holm checks every field of it. */
async function credentialOf<Credential>(c: Context): Promise<Credential | undefined> {
	const body: unknown = await c.req.json().catch(() => null);
	if (typeof body !== "object" || body === null || !("credential" in body)) return undefined;
	return body.credential as Credential;
}

/** Sends one email. Holm never sends email: your provider's API goes here. */
export type SendEmail = (to: string, subject: string, text: string) => Promise<void>;

// Sign-in by email code: the code is mailed, and typed back on the page that asked for it, or its
// link opened, in that browser only. The request's id waits in a cookie of that browser for the
// code's 10 minutes; a visitor can set that cookie to anything, so it is used only once isId passes.
const EMAIL_SIGN_IN_COOKIE = "email_sign_in";

function emailSignInRequestId(c: Context): string | undefined {
	const id = getCookie(c, EMAIL_SIGN_IN_COOKIE);
	return isId(id) ? id : undefined;
}

// Anyone can sign up with another person's address. So a new address gets no session until its code,
// mailed to it, is typed back in the browser that signed up: until then that browser holds only this
// signed cookie naming the user, and no page can set anything up on the account (a passkey, TOTP)
// for its owner to inherit. A code typed in any other browser is refused (cookies.ts: COOKIE_SECRET).
const PENDING_COOKIE = "pending_verification";

// "Password (or emailed code) done, second factor pending": the user id, for 5 minutes, in this
// browser only. No session starts before the TOTP code.
const SECOND_FACTOR_COOKIE = "pending_second_factor";
// Turning TOTP on: the new key, kept beside the page that shows it until the code confirms it.
const TOTP_KEY_COOKIE = "totp_key";
const ISSUER = "Holm example";

export function createApp(sendEmail: SendEmail): Hono<AppEnv> {
	/** Mails a new code (which replaces any earlier one) and asks this browser for it. Only for a user
	 *  who passed every other check: /verify-email starts their session. */
	async function askToVerify(c: Context, user: User): Promise<Response> {
		const email = user.email ?? "";
		try {
			const verification = await holm.createEmailVerificationRequest(user.id, { client_ip: clientIp(c) });
			await sendEmail(email, "Confirm your address", `Your code is ${verification.code}. It expires in 10 minutes.`);
		} catch (error) {
			if (error instanceof HolmError && error.code === "TOO_MANY_REQUESTS") return signInAgain(c, tooMany(error), email);
			throw error;
		}
		// The code lasts 10 minutes in Holm, whatever the cookie says.
		await setSignedCookie(c, PENDING_COOKIE, user.id, COOKIE_SECRET, { path: "/", maxAge: 600, httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
		return c.html(verifyEmailPage(email));
	}

	/** The first factor is done (a password, an emailed code) and the address is verified. A user with
	 *  TOTP is asked for a code first, and gets no session until it is right; anyone else is signed in.
	 *  `page`: what a signed-in user sees, by default the home page. */
	async function signInOrAskForTotp(c: Context, user: User, page?: () => Response | Promise<Response>): Promise<Response> {
		if (user.totp_registered) {
			await setPurposeCookie(c, SECOND_FACTOR_COOKIE, "second-factor", user.id, 300);
			return c.html(totpSignInPage());
		}
		await startSession(c, user.id);
		return page === undefined ? c.redirect("/") : await page();
	}

	/** The signed-in user, if their address is verified: only they can set up a second factor. */
	function verifiedUser(c: Context<AppEnv>): User | null {
		const user = c.get("user");
		return user !== null && user.email_verified ? user : null;
	}

	const app = new Hono<AppEnv>();
	app.use(csrf()); // form posts only from this site's own pages
	app.use(holmSession);

	app.get("/", async (c) => {
		const user = c.get("user");
		if (user === null) return c.html(homePage(null));
		const [identities, providers] = await Promise.all([holm.listUserIdentities(user.id), listProviders()]);
		return c.html(homePage(user, identities, providers));
	});

	app.get("/sign-up", (c) => c.html(signUpPage()));
	app.post("/sign-up", async (c) => {
		const { email, password } = await formFields(c);
		try {
			const user = await holm.createUser({ email, password, client_ip: clientIp(c) });
			return await askToVerify(c, user);
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			const messages: Partial<Record<string, string>> = {
				INVALID_DATA: "Enter an email address, and a password of 8 to 127 characters.",
				EMAIL_ALREADY_USED: "That address has an account: sign in instead.",
				WEAK_PASSWORD: "That password appears in known leaks: choose another.",
			};
			const message = error.code === "TOO_MANY_REQUESTS" ? tooMany(error) : messages[error.code];
			if (message === undefined) throw error;
			return c.html(signUpPage(message, email), 400);
		}
	});

	app.post("/verify-email", async (c) => {
		const userId = await getSignedCookie(c, COOKIE_SECRET, PENDING_COOKIE);
		const form = await c.req.parseBody();
		const code = typeof form.code === "string" ? form.code.trim() : "";
		if (!isId(userId)) {
			// Another browser, or a cookie this app did not sign: Holm is not asked.
			return signInAgain(c, "Type the code in the browser where you signed up, or sign in here to get a new code.");
		}
		try {
			await holm.verifyEmail(userId, { code, client_ip: clientIp(c) });
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "INCORRECT_CODE") return c.html(verifyEmailPage(null, "Wrong code."), 400);
			if (["INVALID_DATA", "NOT_ALLOWED", "NOT_FOUND"].includes(error.code)) {
				// Expired, replaced by a newer code, or too many wrong codes.
				return signInAgain(c, "That code can no longer be used: sign in to get a new one.");
			}
			throw error;
		}
		deleteCookie(c, PENDING_COOKIE, { path: "/" });
		// A password came first (or the sign-up's own): a user with TOTP still gives a code.
		return await signInOrAskForTotp(c, await holm.getUser(userId));
	});

	app.get("/sign-in", async (c) => c.html(signInPage("", "", await listProviders())));
	app.post("/sign-in", async (c) => {
		const { email, password } = await formFields(c);
		try {
			const user = await holm.authenticateWithPassword({ email, password, client_ip: clientIp(c) });
			// Whoever made the account knows its password, and may not own the address: prove it first.
			if (!user.email_verified) return await askToVerify(c, user);
			// The password is the first factor: a user with TOTP gives a code before any session.
			return await signInOrAskForTotp(c, user);
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "TOO_MANY_REQUESTS") return signInAgain(c, tooMany(error), email);
			if (["INVALID_DATA", "NOT_FOUND", "INCORRECT_PASSWORD"].includes(error.code)) {
				return signInAgain(c, "Wrong email or password.", email); // never say which
			}
			// Holm says so only once the password proved right: telling the holder is safe.
			if (error.code === "USER_DISABLED") return signInAgain(c, DISABLED, email, 403);
			throw error;
		}
	});

	app.get("/sign-in/email", (c) => c.html(emailSignInPage()));
	app.post("/sign-in/email", async (c) => {
		const { email } = await formFields(c);
		try {
			// Made whether or not the address has an account (user_id is null then), and answered the
			// same: the page never tells who has an account. The code signs a new address up.
			const request = await holm.createEmailSignIn({ email, client_ip: clientIp(c) });
			const link = new URL("/sign-in/email/link", c.req.url);
			link.search = new URLSearchParams({ id: request.id, code: request.code }).toString();
			await sendEmail(
				request.email,
				"Your sign-in code",
				`Your code is ${request.code}. It expires in 10 minutes.\n\nOr open this link in the browser where you asked for it: ${link}`,
			);
			setCookie(c, EMAIL_SIGN_IN_COOKIE, request.id, { path: "/", maxAge: 600, httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
			return c.html(emailCodePage(request.email));
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "TOO_MANY_REQUESTS") return c.html(emailSignInPage(tooMany(error), email), 400);
			if (error.code === "INVALID_DATA") return c.html(emailSignInPage("Enter an email address.", email), 400);
			throw error;
		}
	});
	// The mailed link. It signs in only the browser whose cookie holds its request's id, and only with
	// the page's button: a GET signs no one in, as mail scanners open links.
	app.get("/sign-in/email/link", (c) => {
		const requestId = emailSignInRequestId(c);
		if (requestId === undefined || c.req.query("id") !== requestId) {
			return c.html(emailSignInPage("This link works only in the browser where you asked for the code: type the code from the email there."), 400);
		}
		return c.html(emailLinkPage(c.req.query("code") ?? ""));
	});
	app.post("/sign-in/email/code", async (c) => {
		const requestId = emailSignInRequestId(c);
		const form = await c.req.parseBody();
		const code = typeof form.code === "string" ? form.code.trim() : "";
		if (requestId === undefined) return c.html(emailSignInPage("Ask for a code first (on this browser)."), 400);
		try {
			const signedIn = await holm.verifyEmailSignIn(requestId, { code, client_ip: clientIp(c), create_user: true });
			const { user } = signedIn;
			if (user === null) throw new Error("create_user: true always answers a user");
			deleteCookie(c, EMAIL_SIGN_IN_COOKIE, { path: "/" });
			// claimed: the code proved the address of an account someone had made before, and Holm removed
			// what they had set (TOTP too). Holms from before the field leave it out: not claimed.
			const claimed = "claimed" in signedIn && signedIn.claimed === true;
			// The emailed code is a first factor, as a password is: a user with TOTP gives a code too.
			return await signInOrAskForTotp(c, user, claimed ? () => c.html(claimedPage()) : undefined);
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			if (error.code === "INCORRECT_CODE") return c.html(emailCodePage(null, "Wrong code."), 400);
			if (error.code === "USER_DISABLED") return c.html(emailSignInPage(DISABLED), 403);
			if (["INVALID_DATA", "NOT_FOUND", "INVALID_REQUEST", "EMAIL_ALREADY_USED"].includes(error.code)) {
				// Expired, used, replaced by a newer code, or too many wrong codes: start again.
				return c.html(emailSignInPage("That code can no longer be used: ask for a new one."), 400);
			}
			throw error;
		}
	});

	// The second step of a sign-in, for a user with TOTP: the code from their authenticator app, in the
	// browser that gave the first factor.
	app.post("/sign-in/totp", async (c) => {
		const userId = await getPurposeCookie(c, SECOND_FACTOR_COOKIE, "second-factor");
		const form = await c.req.parseBody();
		const code = typeof form.code === "string" ? form.code.trim() : "";
		if (!isId(userId)) return signInAgain(c, "Sign in again: the code is asked for in the browser that signed in, for 5 minutes.");
		try {
			await holm.verifyTotp(userId, { code, client_ip: clientIp(c) });
		} catch (error) {
			if (!(error instanceof HolmError)) throw error;
			// Wrong, or already used: each code works once, the one that turned TOTP on included.
			if (error.code === "INCORRECT_CODE" || error.code === "INVALID_DATA") return c.html(totpSignInPage("Wrong code: wait for the next one."), 400);
			// 5 wrong codes in a row lock the check, for 15 minutes and then longer.
			if (error.code === "TOO_MANY_REQUESTS") return c.html(totpSignInPage(tooMany(error)), 400);
			// NOT_ALLOWED (TOTP was turned off meanwhile), NOT_FOUND (the user is gone): from the start.
			if (error.code === "NOT_ALLOWED" || error.code === "NOT_FOUND") return signInAgain(c, "Sign in again.");
			throw error;
		}
		deleteCookie(c, SECOND_FACTOR_COOKIE, { path: "/" });
		await finishPendingLink(c, userId); // a provider's sign-in whose link waited for this code
		await startSession(c, userId, { secondFactorVerified: true });
		return c.redirect("/");
	});

	// Turning TOTP on, for a signed-in user whose address is verified: a new key, shown as an otpauth://
	// URI (for a QR code) and as text, and stored in Holm once a code from the app matches it.
	app.get("/totp", async (c) => {
		const user = verifiedUser(c);
		if (user === null) return c.redirect("/sign-in");
		if (user.totp_registered) return c.html(totpDonePage(null));
		const secret = new Secret({ size: 20 });
		const uri = new TOTP({ issuer: ISSUER, label: user.email ?? "", secret }).toString();
		// The key waits in this browser, signed and bound to the user, for 10 minutes.
		await setPurposeCookie(c, TOTP_KEY_COOKIE, "totp-key", `${user.id}:${Buffer.from(secret.bytes).toString("base64")}`, 600, "/totp");
		return c.html(totpSetupPage(uri, secret.base32));
	});
	app.post("/totp", async (c) => {
		const user = verifiedUser(c);
		if (user === null) return c.redirect("/sign-in");
		const [keyUserId, key] = (await getPurposeCookie(c, TOTP_KEY_COOKIE, "totp-key"))?.split(":") ?? [];
		const form = await c.req.parseBody();
		const code = typeof form.code === "string" ? form.code.trim() : "";
		if (keyUserId !== user.id || key === undefined) return c.html(totpDonePage(null, "Start again: open the page that shows the key."), 400);
		try {
			await holm.registerTotp(user.id, { key, code, client_ip: clientIp(c) });
		} catch (error) {
			if (!(error instanceof HolmError && (error.code === "INCORRECT_CODE" || error.code === "INVALID_DATA"))) throw error;
			const uri = new TOTP({ issuer: ISSUER, label: user.email ?? "", secret: new Secret({ buffer: new Uint8Array(Buffer.from(key, "base64")).buffer }) });
			return c.html(totpSetupPage(uri.toString(), uri.secret.base32, "Wrong code: scan the key again, or check the phone's clock."), 400);
		}
		deleteCookie(c, TOTP_KEY_COOKIE, { path: "/totp" });
		// The way back in without the phone: shown now, once.
		const { recovery_code } = await holm.getUser(user.id);
		return c.html(totpDonePage(recovery_code));
	});

	// Sign-in with GitHub or an OpenID Connect provider, when Holm lists any (external.ts).
	externalSignInRoutes(app, (c, user) => signInOrAskForTotp(c, user), askToVerify);

	app.post("/sign-out", async (c) => {
		const session = c.get("session");
		if (session !== null) {
			await holm.deleteSession(session.id).catch((error: unknown) => {
				if (!(error instanceof HolmError && error.code === "NOT_FOUND")) throw error; // ended meanwhile
			});
		}
		endSessionCookie(c);
		return c.redirect("/");
	});

	app.post("/sign-out-everywhere", async (c) => {
		const user = c.get("user");
		if (user !== null) await holm.deleteUserSessions(user.id);
		endSessionCookie(c);
		return c.redirect("/");
	});

	// Passkeys: the page's four calls, each relayed to Holm. Errors go to the page as {error: CODE}.
	app.post("/passkeys/register/start", async (c) => {
		const user = c.get("user");
		if (user === null) return c.json({ error: "NOT_SIGNED_IN" }, 401);
		// This app starts no session before the address is verified; a session an earlier version gave
		// at sign-up must not add one either.
		if (!user.email_verified) return c.json({ error: "EMAIL_NOT_VERIFIED" }, 403);
		const ceremony = await holm.startPasskeyRegistration(user.id, { client_ip: clientIp(c) });
		rememberCeremony(c, ceremony.id);
		return c.json(ceremony.options);
	});
	app.post("/passkeys/register/finish", async (c) => {
		const user = c.get("user");
		const ceremonyId = takeCeremony(c);
		const credential = await credentialOf<NewPasskey>(c);
		if (user === null) return c.json({ error: "NOT_SIGNED_IN" }, 401);
		if (ceremonyId === undefined || credential === undefined) return c.json({ error: "INVALID_REQUEST" }, 400);
		const passkey = await holm.verifyPasskeyRegistration(ceremonyId, { credential, name: "Passkey" });
		return c.json({ id: passkey.id, name: passkey.name });
	});
	app.post("/passkeys/sign-in/start", async (c) => {
		const ceremony = await holm.startPasskeyAuthentication({ client_ip: clientIp(c) }); // discoverable: any of the user's passkeys
		rememberCeremony(c, ceremony.id);
		return c.json(ceremony.options);
	});
	app.post("/passkeys/sign-in/finish", async (c) => {
		const ceremonyId = takeCeremony(c);
		const credential = await credentialOf<UsedPasskey>(c);
		if (ceremonyId === undefined || credential === undefined) return c.json({ error: "INVALID_REQUEST" }, 400);
		const { user } = await holm.verifyPasskeyAuthentication(ceremonyId, { credential, client_ip: clientIp(c) });
		// A passkey added before the address was proved (by an earlier version of this app): the
		// password or an emailed code proves the address first.
		if (!user.email_verified) return c.json({ error: "EMAIL_NOT_VERIFIED" }, 400);
		await startSession(c, user.id);
		return c.json({ user_id: user.id });
	});

	app.onError((error, c) => {
		if (error instanceof HTTPException) return error.getResponse(); // the CSRF check's 403
		// Holm's refusals on the passkey routes (NOT_ALLOWED, INVALID_CREDENTIAL, TOO_MANY_REQUESTS, ...).
		if (error instanceof HolmError && error.status < 500 && new URL(c.req.url).pathname.startsWith("/passkeys/")) {
			return c.json({ error: error.code }, 400);
		}
		console.error(error);
		return c.text("Something went wrong.", 500);
	});
	return app;
}
