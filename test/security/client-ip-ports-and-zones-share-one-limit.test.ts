// Attack: the per-address limits are keyed by client_ip, and many integrations pass on more than
// the address: Go's RemoteAddr is `192.0.2.1:51234`, IPv6 comes as `[2001:db8::1]:443`, a
// link-local address carries a zone (`%eth0`), and a header copied by hand may keep its spaces.
// Each such spelling made a new limit key, so a guesser whose port changes with every connection
// got 5 guesses per port, never refused. These forms are the address, and share its key; a value
// that still is no address is used as it is, but counted in /metrics and logged (at most once a
// minute, without letting the value forge a line), so the operator notices the integration.
import { expect, test } from "bun:test";
import { createUser, guessesChecked, recordingLogger, SECRET, serverForThisFile } from "../support/server.ts";

const recorded = recordingLogger("info");

const server = serverForThisFile({ log: recorded.log });

test("an IPv4 address with ports, a zone or spaces is one address: 5 guesses, then blocked", async () => {
	const spellings = [
		"192.0.2.1:51234",
		"192.0.2.1:51235",
		" 192.0.2.1 ",
		"192.0.2.1%eth0",
		"\t192.0.2.1\n",
		"[::ffff:192.0.2.1]:8080",
		"192.0.2.1:443",
		"192.0.2.1",
		"192.000.002.001:1",
	];
	expect(await guessesChecked(server, spellings)).toBe(5);
});

test("an IPv6 address in brackets with a port, with a zone, or with spaces is one /64", async () => {
	const spellings = [
		"[2001:db8::1]:443",
		"[2001:db8::1]:444",
		"[2001:db8::1%eth0]:443",
		" 2001:db8::1 ",
		"2001:db8::2%3",
		"[2001:db8::1]",
		"2001:db8::1",
	];
	expect(await guessesChecked(server, spellings)).toBe(5);
});

async function oddValuesCounted(): Promise<number> {
	const text = await (await server.fetch("/metrics", { headers: { Authorization: SECRET } })).text();
	const match = /^holm_client_ip_not_an_address_total (\d+)$/m.exec(text);
	return match === null ? -1 : Number(match[1]);
}

test("a value that is still no address is used as it is, counted, and logged at most once a minute", async () => {
	const before = await oddValuesCounted();
	expect(before).toBeGreaterThanOrEqual(0);
	recorded.clear();
	const user = await createUser(server);
	const odd = ["unknown", "198.51.100.7, 203.0.113.9", "client\n{\"level\":\"error\"}", "unknown"];
	for (const ip of odd) {
		server.clock.advance(10_000);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong guess here", client_ip: ip })).body).toEqual({
			error: "INCORRECT_PASSWORD",
		});
	}
	expect(await oddValuesCounted()).toBe(before + odd.length);
	const warnings = recorded.entries().filter((line) => line.message.includes("client_ip"));
	expect(warnings).toHaveLength(1);
	expect(warnings[0]!.level).toBe("warn");

	// A minute later the next one is logged again, with how many came meanwhile.
	server.clock.advance(61_000);
	await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: "-" });
	const after = recorded.entries().filter((line) => line.message.includes("client_ip"));
	expect(after).toHaveLength(2);
	expect(after[1]!.since_last).toBe(odd.length);
	// A real address is neither counted nor logged.
	await server.request("POST", `/users/${user.id}/password-reset-requests`, { client_ip: "[2001:db8::9]:1" });
	expect(await oddValuesCounted()).toBe(before + odd.length + 1);
});
