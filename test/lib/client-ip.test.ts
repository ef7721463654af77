// client_ip → the key its per-address limits use (API.md section 1).
import { expect, test } from "bun:test";
import { addressLimitKey, notAnAddress } from "../../src/lib/client-ip.ts";

test("IPv4 spellings are one key; leading zeros read as decimal", () => {
	for (const spelling of ["192.0.2.1", "192.000.002.001", "::ffff:192.0.2.1", "::FFFF:c000:0201", "0:0:0:0:0:ffff:192.0.2.1", "[::ffff:192.0.2.1]"]) {
		expect(addressLimitKey(spelling)).toBe("v4:192.0.2.1");
	}
});

test("IPv6 is keyed by its /64, whatever the spelling", () => {
	for (const spelling of ["2001:db8::1", "2001:DB8:0:0:ffff::", "2001:0db8:0000:0000:1:2:3:4", "[2001:db8::7]", "fe80::1%eth0".replace("fe80", "2001:db8")]) {
		expect(addressLimitKey(spelling)).toBe("v6:2001:db8:0:0::/64");
	}
	expect(addressLimitKey("2001:db8:0:1::1")).toBe("v6:2001:db8:0:1::/64");
	expect(addressLimitKey("::")).toBe("v6:0:0:0:0::/64");
	expect(addressLimitKey("::1")).toBe("v6:0:0:0:0::/64");
});

test("anything that is not an address is one key of its own, quoted so that any database can hold it", () => {
	for (const value of ["client-42", "256.1.1.1", "1.2.3", "1.2.3.4.5", "2001:db8:::1", "1:2:3:4:5:6:7:8:9", "12345::1", "1::2::3", "::ffff:1.2.3.999", "v4:1.2.3.4"]) {
		expect(addressLimitKey(value)).toBe(`s:"${value}"`);
	}
	expect(addressLimitKey("a\u0000b")).toBe('s:"a\\u0000b"');
	expect(addressLimitKey("\ud800")).toBe('s:"\\ud800"');
});

test("a port, a zone and surrounding whitespace are taken off before the address is read", () => {
	for (const spelling of ["192.0.2.1:51234", " 192.0.2.1 ", "192.0.2.1%eth0", "192.0.2.1%eth0:80", "[192.0.2.1]:1", "[::ffff:192.0.2.1]:443", "\t192.0.2.1\r\n"]) {
		expect(addressLimitKey(spelling)).toBe("v4:192.0.2.1");
	}
	for (const spelling of ["[2001:db8::1]:443", "[2001:db8::1%eth0]:443", " 2001:db8::1 ", "2001:db8::1%25"]) {
		expect(addressLimitKey(spelling)).toBe("v6:2001:db8:0:0::/64");
	}
	// Without brackets, a last group is part of an IPv6 address, never a port.
	expect(addressLimitKey("2001:db8:0:1:0:0:0:443")).toBe("v6:2001:db8:0:1::/64");
});

test("what is still no address keeps its own key, made from the value as it was sent", () => {
	for (const value of ["host.example:80", " unknown ", "192.0.2.1:123456", "[192.0.2.1]:x", "192.0.2.1, 198.51.100.2", "[]:80", "%eth0"]) {
		expect(addressLimitKey(value)).toBe(`s:${JSON.stringify(value)}`);
		expect(notAnAddress(addressLimitKey(value))).toBe(value);
	}
	expect(notAnAddress(addressLimitKey("192.0.2.1:1"))).toBeNull();
});
