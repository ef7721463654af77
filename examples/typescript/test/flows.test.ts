// The example's flows against the real Holm of HOLM_URL and HOLM_SECRET: sign-up, sign-in, the
// session cookie and its middleware, sign-out and sign-out everywhere.
import { HolmError } from "@holm/client";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { holm } from "../src/holm.js";
import { mailedCode, newEmail, PASSWORD, Visitor } from "./browser.js";

function sessionCookie(response: Response): string {
	const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("holm_session="));
	assert.ok(line, "no holm_session cookie was set");
	return line;
}

async function signedUp(email = newEmail()): Promise<Visitor> {
	const visitor = new Visitor();
	const response = await visitor.post("/sign-up", { email, password: PASSWORD });
	assert.equal(response.status, 302);
	return visitor;
}

describe("sign-up and sign-in", () => {
	test("sign-up signs in with a cookie scripts cannot read", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		const response = await visitor.post("/sign-up", { email, password: PASSWORD });
		assert.equal(response.headers.get("Location"), "/");
		const cookie = sessionCookie(response);
		assert.match(cookie, /; HttpOnly/);
		assert.match(cookie, /; SameSite=Lax/);
		assert.doesNotMatch(cookie, /; Secure/); // served over plain http here
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("the cookie is Secure when the site is served over https", async () => {
		const visitor = new Visitor("https://localhost");
		const response = await visitor.post("/sign-up", { email: newEmail(), password: PASSWORD });
		assert.match(sessionCookie(response), /; Secure/);
	});

	test("a taken email and a leaked password are said plainly, and sign no one in", async () => {
		const email = newEmail();
		await signedUp(email);
		const taken = await new Visitor().post("/sign-up", { email, password: PASSWORD });
		assert.equal(taken.status, 400);
		assert.match(await taken.text(), /That address has an account/);
		const leaked = await new Visitor().post("/sign-up", { email: newEmail(), password: "password123" });
		assert.equal(leaked.status, 400);
		assert.match(await leaked.text(), /appears in known leaks/);
		assert.equal(leaked.headers.getSetCookie().length, 0);
	});

	test("sign-in with a password", async () => {
		const email = newEmail();
		await signedUp(email);
		const visitor = new Visitor();
		const response = await visitor.post("/sign-in", { email, password: PASSWORD });
		assert.equal(response.status, 302);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("a wrong password and an unknown email get the same answer", async () => {
		const email = newEmail();
		await signedUp(email);
		const wrong = await new Visitor().post("/sign-in", { email, password: "not the password 1" });
		const unknown = await new Visitor().post("/sign-in", { email: newEmail(), password: PASSWORD });
		for (const response of [wrong, unknown]) {
			assert.equal(response.status, 400);
			assert.match(await response.text(), /Wrong email or password\./);
			assert.equal(response.headers.getSetCookie().length, 0);
		}
	});
});

describe("sign-in by email code", () => {
	test("an emailed code signs in", async () => {
		const email = newEmail();
		await signedUp(email);
		const visitor = new Visitor();
		const asked = await visitor.post("/sign-in/email", { email });
		assert.match(await asked.text(), new RegExp(`We sent a code to ${email}`));
		const response = await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.equal(response.status, 302);
		assert.match(sessionCookie(response), /; HttpOnly/);
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("an emailed code signs a new address up", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		await visitor.post("/sign-in/email/code", { code: mailedCode(email).toLowerCase() });
		assert.match(await visitor.page(), new RegExp(`Signed in as <strong>${email}</strong>`));
	});

	test("the page says the same whether or not the address has an account", async () => {
		const known = newEmail();
		await signedUp(known);
		const unknown = newEmail();
		const pages = await Promise.all(
			[known, unknown].map(async (email) => (await (await new Visitor().post("/sign-in/email", { email })).text()).replace(email, "EMAIL")),
		);
		assert.equal(pages[0], pages[1]);
	});

	test("a wrong code is refused, and the right one still works", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		const wrong = await visitor.post("/sign-in/email/code", { code: "AAAAAAAA" });
		assert.equal(wrong.status, 400);
		assert.match(await wrong.text(), /Wrong code\./);
		await visitor.post("/sign-in/email/code", { code: mailedCode(email) });
		assert.match(await visitor.page(), /Signed in as/);
	});

	test("a code is used up by its sign-in", async () => {
		const email = newEmail();
		const visitor = new Visitor();
		await visitor.post("/sign-in/email", { email });
		const code = mailedCode(email);
		const requestId = visitor.cookies.get("email_sign_in")!;
		await visitor.post("/sign-in/email/code", { code });
		const replay = new Visitor();
		replay.cookies.set("email_sign_in", requestId);
		const response = await replay.post("/sign-in/email/code", { code });
		assert.equal(response.status, 400);
		assert.match(await response.text(), /ask for a new one/);
		assert.equal(replay.cookies.has("holm_session"), false);
	});
});

describe("the session middleware", () => {
	test("a made-up token is signed out and its cookie cleared", async () => {
		for (const token of ["made-up", `${"a".repeat(24)}.${"b".repeat(40)}`, "x".repeat(5000)]) {
			const visitor = new Visitor();
			visitor.cookies.set("holm_session", token);
			assert.match(await visitor.page(), /Not signed in\./);
			assert.equal(visitor.cookies.has("holm_session"), false);
		}
	});

	test("a session ended in Holm is signed out on the next request", async () => {
		const visitor = await signedUp();
		const { session } = await holm.validateSession(visitor.cookies.get("holm_session")!);
		await holm.deleteSession(session.id); // as the console or another device would
		assert.match(await visitor.page(), /Not signed in\./);
	});
});

describe("sign-out", () => {
	test("sign-out ends the session in Holm", async () => {
		const visitor = await signedUp();
		const token = visitor.cookies.get("holm_session")!;
		const response = await visitor.post("/sign-out");
		assert.equal(response.status, 302);
		assert.equal(visitor.cookies.has("holm_session"), false);
		await assert.rejects(holm.validateSession(token), (error) => error instanceof HolmError && error.code === "NOT_FOUND");
		assert.match(await visitor.page(), /Not signed in\./);
	});

	test("sign-out everywhere signs out the other devices", async () => {
		const email = newEmail();
		const laptop = await signedUp(email);
		const phone = new Visitor();
		await phone.post("/sign-in", { email, password: PASSWORD });
		assert.match(await phone.page(), /Signed in as/);

		await laptop.post("/sign-out-everywhere");
		assert.match(await laptop.page(), /Not signed in\./);
		assert.match(await phone.page(), /Not signed in\./);
	});

	test("sign-out needs a post from this site's own page", async () => {
		const visitor = await signedUp();
		assert.equal((await visitor.request("/sign-out")).status, 404);
		const forged = await visitor.request("/sign-out", {
			method: "POST",
			headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
			body: "",
		});
		assert.equal(forged.status, 403);
		assert.match(await visitor.page(), /Signed in as/);
	});
});

describe("passkey ceremonies", () => {
	test("finishing a passkey ceremony this browser did not start is refused", async () => {
		// The ceremony id stays in an HttpOnly cookie of the browser that started it: the page never
		// sees it, and a request without that cookie (another browser, a forged post) names no ceremony.
		const visitor = await signedUp();
		const start = await visitor.postJson("/passkeys/register/start", {});
		assert.equal(start.status, 200);
		const options = await start.json();
		assert.equal(options.id, undefined);
		const ceremonyId = visitor.cookies.get("passkey_ceremony");
		assert.ok(ceremonyId);

		const other = await signedUp();
		const forged = await other.postJson("/passkeys/register/finish", {
			ceremonyId,
			credential: { id: "x", rawId: "x", type: "public-key", response: {} },
		});
		assert.equal(forged.status, 400);
		assert.deepEqual(await forged.json(), { error: "INVALID_REQUEST" });
	});

	test("a visitor who is not signed in cannot start adding a passkey", async () => {
		const response = await new Visitor().postJson("/passkeys/register/start", {});
		assert.equal(response.status, 401);
	});
});
