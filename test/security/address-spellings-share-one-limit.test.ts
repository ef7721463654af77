// Attack: the per-address limits are keyed by the client_ip string, so five spellings of one IPv6
// address, five addresses of one /64 (which one host usually holds), or an IPv4 address written as
// IPv4-mapped IPv6, each got a fresh set of guesses. Addresses are canonicalised, and IPv6 is
// limited per /64.
import { expect, test } from "bun:test";
import { guessesChecked, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

test("ten spellings of one IPv6 address share one block", async () => {
	const spellings = [
		"2001:db8::1",
		"2001:0db8:0000:0000:0000:0000:0000:0001",
		"2001:DB8::1",
		"2001:db8:0:0::1",
		"2001:db8::0:1",
		"2001:0db8::0001",
		"2001:db8:0:0:0:0:0:1",
		"[2001:db8::1]",
		"2001:db8::1%eth0",
		"2001:Db8:0::1",
	];
	expect(await guessesChecked(server, spellings)).toBe(5);
});

test("ten addresses of one IPv6 /64 share one block", async () => {
	const spellings = Array.from({ length: 10 }, (_, i) => `2001:db8:aa:bb:${i + 1}::${((i * 7919) % 0xffff).toString(16)}`);
	expect(await guessesChecked(server, spellings)).toBe(5);
});

test("an IPv4 address and its IPv4-mapped IPv6 spellings share one block", async () => {
	const spellings = ["198.51.100.7", "::ffff:198.51.100.7", "::FFFF:c633:6407", "0:0:0:0:0:ffff:198.51.100.7", "198.051.100.007", "198.51.100.7", "::ffff:198.51.100.7"];
	expect(await guessesChecked(server, spellings)).toBe(5);
});

test("different /64 networks and different IPv4 addresses are limited apart", async () => {
	expect(await guessesChecked(server, ["2001:db8:1:1::1", "2001:db8:1:2::1", "2001:db8:1:3::1", "2001:db8:1:4::1", "2001:db8:1:5::1", "2001:db8:1:6::1"])).toBe(6);
});
