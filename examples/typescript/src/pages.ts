// The pages, as plain HTML (hono/html escapes every value put in).
import type { Identity, IdentityProvider, User } from "@holm/client";
import { html } from "hono/html";

function layout(title: string, body: ReturnType<typeof html>) {
	return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title></head>
<body><main>${body}</main><script>${PASSKEY_SCRIPT}</script></body>
</html>`;
}

/** How a provider is named on its button: Holm gives only its name and kind. */
export function providerLabel(provider: Pick<IdentityProvider, "name" | "kind">): string {
	if (provider.kind === "github") return "GitHub";
	if (provider.kind === "microsoft") return "Microsoft";
	return provider.name.charAt(0).toUpperCase() + provider.name.slice(1).replaceAll("-", " ");
}

/** A button per provider Holm lists (none when it lists none). Each posts to the app, which starts the sign-in. */
function providerButtons(providers: IdentityProvider[]) {
	return providers.map(
		(provider) => html`<form method="post" action="/auth/${provider.name}"><button>Sign in with ${providerLabel(provider)}</button></form>`,
	);
}

/** The signed-in user's identities at providers, each with its button to unlink it. */
function identityList(identities: Identity[], providers: IdentityProvider[]) {
	if (identities.length === 0) return "";
	const label = (name: string) => providerLabel(providers.find((provider) => provider.name === name) ?? { name, kind: "oidc" });
	return html`<h2>Linked sign-in methods</h2>
<ul>${identities.map(
		(identity) => html`<li>${label(identity.provider)}${identity.email ? ` (${identity.email})` : ""}
<form method="post" action="/identities/unlink"><input type="hidden" name="id" value="${identity.id}"><button>Unlink ${label(identity.provider)}</button></form></li>`,
	)}</ul>`;
}

export function homePage(user: User | null, identities: Identity[] = [], providers: IdentityProvider[] = []) {
	if (user === null) {
		return layout(
			"Holm and Hono",
			html`<p>Not signed in. <a href="/sign-in">Sign in</a> or <a href="/sign-up">sign up</a>.</p>`,
		);
	}
	return layout(
		"Holm and Hono",
		html`<p>Signed in as <strong>${user.email}</strong>.</p>
${user.totp_registered ? html`<p>Two-factor authentication is on.</p>` : html`<p><a href="/totp">Turn on two-factor authentication</a></p>`}
<button type="button" onclick="addPasskey()">Add a passkey</button>
<p role="status" id="passkey-status"></p>
${identityList(identities, providers)}
<form method="post" action="/sign-out"><button>Sign out</button></form>
<form method="post" action="/sign-out-everywhere"><button>Sign out everywhere</button></form>`,
	);
}

export function signUpPage(error = "", email = "") {
	return layout(
		"Sign up",
		html`<h1>Sign up</h1>
${error ? html`<p role="alert">${error}</p>` : ""}
<form method="post">
  <label>Email <input type="email" name="email" value="${email}" autocomplete="email" required></label>
  <label>Password <input type="password" name="password" autocomplete="new-password" minlength="8" maxlength="127" required></label>
  <button>Sign up</button>
</form>
<p><a href="/sign-in">Sign in instead</a></p>`,
	);
}

export function signInPage(error = "", email = "", providers: IdentityProvider[] = []) {
	return layout(
		"Sign in",
		html`<h1>Sign in</h1>
${error ? html`<p role="alert">${error}</p>` : ""}
<form method="post" action="/sign-in">
  <label>Email <input type="email" name="email" value="${email}" autocomplete="username webauthn" required></label>
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <button>Sign in</button>
</form>
<button type="button" onclick="signInWithPasskey()">Sign in with a passkey</button>
<p role="status" id="passkey-status"></p>
${providerButtons(providers)}
<p><a href="/sign-in/email">Email me a code instead</a> · <a href="/sign-up">Sign up instead</a></p>`,
	);
}

export function emailSignInPage(error = "", email = "") {
	return layout(
		"Sign in with an email code",
		html`<h1>Sign in with an email code</h1>
${error ? html`<p role="alert">${error}</p>` : ""}
<form method="post" action="/sign-in/email">
  <label>Email <input type="email" name="email" value="${email}" autocomplete="email" required></label>
  <button>Email me a code</button>
</form>
<p><a href="/sign-in">Sign in with a password instead</a></p>`,
	);
}

/** The code's form: `email` is where it went, or null when the page comes back with an error. */
export function emailCodePage(email: string | null, error = "") {
	return layout(
		"Enter your code",
		html`<h1>Enter your code</h1>
${error ? html`<p role="alert">${error}</p>` : html`<p>We sent a code to ${email}. It works for 10 minutes.</p>`}
<form method="post" action="/sign-in/email/code">
  <label>Code <input name="code" autocomplete="one-time-code" required></label>
  <button>Sign in</button>
</form>
<p><a href="/sign-in/email">Send a new code</a></p>`,
	);
}

/** The code's form after sign-up (or a password sign-in of an address not yet verified). */
export function verifyEmailPage(email: string | null, error = "") {
	return layout(
		"Confirm your address",
		html`<h1>Confirm your address</h1>
${error ? html`<p role="alert">${error}</p>` : html`<p>We sent a code to ${email}. Type it here, in this browser, to finish signing in. It works for 10 minutes.</p>`}
<form method="post" action="/verify-email">
  <label>Code <input name="code" autocomplete="one-time-code" required></label>
  <button>Confirm</button>
</form>`,
	);
}

/** The mailed link's page, in the browser that asked: a button, as a GET must sign no one in. */
export function emailLinkPage(code: string) {
	return layout(
		"Sign in",
		html`<h1>Sign in</h1>
<form method="post" action="/sign-in/email/code">
  <input type="hidden" name="code" value="${code}">
  <button>Sign in</button>
</form>`,
	);
}

/** The second step of a sign-in, for a user with TOTP. */
export function totpSignInPage(error = "") {
	return layout(
		"Two-factor authentication",
		html`<h1>Two-factor authentication</h1>
${error ? html`<p role="alert">${error}</p>` : html`<p>Enter the 6-digit code your authenticator app shows.</p>`}
<form method="post" action="/sign-in/totp">
  <label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
  <button>Sign in</button>
</form>
<p><a href="/sign-in">Start again</a></p>`,
	);
}

/** Turning TOTP on: the key as an otpauth:// URI (show it as a QR code in your app) and as text. */
export function totpSetupPage(uri: string, base32: string, error = "") {
	return layout(
		"Turn on two-factor authentication",
		html`<h1>Turn on two-factor authentication</h1>
${error ? html`<p role="alert">${error}</p>` : ""}
<p>Add this key to your authenticator app: open <a href="${uri}">${uri}</a> on your phone, or type the key <code>${base32}</code>.</p>
<form method="post" action="/totp">
  <label>Code from the app <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
  <button>Turn on</button>
</form>
<p><a href="/">Not now</a></p>`,
	);
}

/** TOTP is on: with the recovery code right after turning it on, shown this once. */
export function totpDonePage(recoveryCode: string | null, error = "") {
	return layout(
		"Two-factor authentication",
		html`<h1>Two-factor authentication</h1>
${error ? html`<p role="alert">${error}</p>` : html`<p role="status">Two-factor authentication is on: signing in asks for a code from your app.</p>`}
${recoveryCode === null ? "" : html`<p>Your recovery code is <strong>${recoveryCode}</strong>. Keep it somewhere safe: it signs you in without your phone.</p>`}
<p><a href="/">Continue</a></p>`,
	);
}

/** After link_required: `email` has an account here. With `named` (the provider verified the
 *  address), its holder proves it with the password to link the provider; else nothing can be linked. */
export function linkPage(provider: IdentityProvider, email: string, named: boolean, error = "") {
	const label = providerLabel(provider);
	if (!named) {
		return layout(
			"Sign in",
			html`<h1>Sign in</h1>
<p role="alert">${label} did not confirm that ${email} is yours, and an account here already uses it: sign in with its password or an emailed code.</p>
<p><a href="/sign-in">Sign in</a></p>`,
		);
	}
	return layout(
		`Link ${label}`,
		html`<h1>Link ${label} to your account</h1>
${error ? html`<p role="alert">${error}</p>` : ""}
<p>You already have an account with ${email}. Enter its password to sign in with ${label} from now on.</p>
<form method="post" action="/auth/${provider.name}/link">
  <input type="hidden" name="email" value="${email}">
  <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
  <button>Link and sign in</button>
</form>
<p>No password? <a href="/sign-in/email">Sign in with an emailed code</a> instead.</p>`,
	);
}

export function claimedPage() {
	return layout(
		"Signed in",
		html`<h1>Signed in</h1>
<p role="status">This account had been set up before you proved the address, and anything set up before was removed (its password, authenticator and passkeys): set a password or add a passkey.</p>
<p><a href="/">Continue</a></p>`,
	);
}

// The browser's part of the passkey ceremonies: the backend hands over Holm's options, the browser
// makes or uses the passkey, and the backend hands its answer back to Holm.
const PASSKEY_SCRIPT = html`
async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { ok: response.ok, body: await response.json() };
}
function say(text) { document.getElementById("passkey-status").textContent = text; }
async function addPasskey() {
  const start = await post("/passkeys/register/start", {});
  if (!start.ok) return say("Passkeys are not available: " + start.body.error);
  try {
    const credential = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(start.body) });
    const finish = await post("/passkeys/register/finish", { credential: credential.toJSON() });
    say(finish.ok ? "Passkey added." : "The passkey was refused: " + finish.body.error);
  } catch { say("No passkey was made."); }
}
async function signInWithPasskey() {
  const start = await post("/passkeys/sign-in/start", {});
  if (!start.ok) return say("Passkeys are not available: " + start.body.error);
  try {
    const credential = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(start.body) });
    const finish = await post("/passkeys/sign-in/finish", { credential: credential.toJSON() });
    if (finish.ok) location.assign("/"); else say("That passkey did not sign you in: " + finish.body.error);
  } catch { say("No passkey was used."); }
}`;
