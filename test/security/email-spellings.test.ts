// Attack: emails with CR/LF or NUL (header injection in the app's mailer, log forging), several
// "@" (the app and its mail server disagree on the domain), or the same address in another Unicode
// normalisation form (NFC vs NFD: two accounts for one address, and a reset code for one of them
// going to the other's inbox). Emails must have exactly one "@", no control characters, and are
// stored in NFC, lower-cased.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

const BAD = [
	"victim@example.com\r\nBcc: attacker@example.net",
	"victim@example.com\n",
	"vic\u0000tim@example.com",
	"victim\u0085@example.com",
	"victim\u007f@example.com",
	"attacker@example.net@example.com",
	"a@b@example.com",
	"vic\ud800tim@example.com",
];

test("control characters and several @ are INVALID_DATA wherever an email is taken", async () => {
	const user = await createUser(server);
	for (const email of BAD) {
		expect((await server.request("POST", "/users", { email, password: STRONG_PASSWORD })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", `/users/${user.id}/email-update-requests`, { email })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD })).body).toEqual({ error: "INVALID_DATA" });
	}
});

test("NFC and NFD spellings of one address are one account", async () => {
	const nfc = "jos\u00e9@example.com";
	const nfd = "jose\u0301@example.com";
	const user = await createUser(server, { email: nfd });
	expect(user.email).toBe(nfc);
	expect((await server.request("POST", "/users", { email: nfc, password: STRONG_PASSWORD })).body).toEqual({ error: "EMAIL_ALREADY_USED" });
	expect((await server.request("POST", "/users", { email: "JOSE\u0301@EXAMPLE.COM", password: STRONG_PASSWORD })).body).toEqual({
		error: "EMAIL_ALREADY_USED",
	});
	expect((await server.request("POST", "/authenticate/password", { email: nfc.toUpperCase(), password: STRONG_PASSWORD })).body.id).toBe(user.id);
	const other = await createUser(server);
	expect((await server.request("POST", `/users/${other.id}/email-update-requests`, { email: nfc })).body).toEqual({ error: "EMAIL_ALREADY_USED" });
});
