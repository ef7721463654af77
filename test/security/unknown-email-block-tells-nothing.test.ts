// Attack: find out which emails have accounts from how sign-in failures are limited. Twelve wrong
// sign-ins for one email from three /64 networks (4 each, so no address is blocked): for an
// email with an account the per-user block answered TOO_MANY_REQUESTS from the 11th on, while an
// unknown email was never blocked, so a guesser who got TOO_MANY_REQUESTS knew the account was
// real, and could spray unknown emails for free. An unknown email gets the same per-user window,
// keyed by the normalised email in the same limit store (so it holds across instances too), and
// the sequence of limit answers is the same for both.
import { expect, test } from "bun:test";
import { createUser, STRONG_PASSWORD, uniqueEmail, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

/** What a guesser sees: NOT_FOUND (404) and INCORRECT_PASSWORD (400) are both "wrong" here, since
 *  the contract (Faroe's) tells them apart on purpose; the limit answers and their Retry-After
 *  must not differ. */
async function twelveWrongSignIns(email: string, network: number): Promise<string[]> {
	const seen: string[] = [];
	for (let i = 0; i < 12; i++) {
		const clientIp = `2001:db8:${network}:${i % 3}::${i + 1}`;
		const answer = await server.request("POST", "/authenticate/password", { email, password: "a wrong guess", client_ip: clientIp });
		const error: string = answer.body.error;
		if (error === "TOO_MANY_REQUESTS") seen.push(`${answer.status} TOO_MANY_REQUESTS retry-after=${answer.headers.get("Retry-After")}`);
		else if (error === "NOT_FOUND" || error === "INCORRECT_PASSWORD") seen.push("wrong");
		else seen.push(`${answer.status} ${error}`);
		server.clock.advance(1_000);
	}
	return seen;
}

test("an unknown email is blocked after 10 wrong sign-ins, exactly like an email with an account", async () => {
	const known = uniqueEmail();
	await createUser(server, { email: known });
	const knownAnswers = await twelveWrongSignIns(known, 1);
	server.clock.advance(60 * 60_000);
	const unknownAnswers = await twelveWrongSignIns(uniqueEmail(), 2);
	// The 10th wrong guess came 9 s after the first; the block ends 15 minutes after the first.
	expect(knownAnswers).toEqual([...Array(10).fill("wrong"), "400 TOO_MANY_REQUESTS retry-after=890", "400 TOO_MANY_REQUESTS retry-after=889"]);
	expect(unknownAnswers).toEqual(knownAnswers);
});

test("the block is keyed by the normalised email, and other emails are not affected", async () => {
	const email = uniqueEmail();
	for (let i = 0; i < 10; i++) {
		await server.request("POST", "/authenticate/password", { email: i % 2 === 0 ? email : email.toUpperCase(), password: "wrong", client_ip: `2001:db8:3:${i}::1` });
	}
	const blocked = await server.request("POST", "/authenticate/password", { email: email.toUpperCase(), password: "wrong", client_ip: "2001:db8:4::1" });
	expect(blocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
	const other = await server.request("POST", "/authenticate/password", { email: uniqueEmail(), password: "wrong", client_ip: "2001:db8:5::1" });
	expect(other.body).toEqual({ error: "NOT_FOUND" });
	// After the window the email is free again.
	server.clock.advance(15 * 60_000);
	const later = await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD, client_ip: "2001:db8:6::1" });
	expect(later.body).toEqual({ error: "NOT_FOUND" });
});
