// client_ip as a rate-limit key (API.md section 1). One address has many spellings (case, leading
// zeros, "::" compression, brackets, a zone, IPv4-mapped IPv6), and one IPv6 host usually holds a
// whole /64; keyed by the raw string, each spelling or address of the /64 would get its own limits.
// Applications also pass on what they were handed: Go's RemoteAddr and many proxies add a port
// ("192.0.2.1:51234", "[2001:db8::1]:443"), and a copied header may keep its spaces; a guesser
// whose port changes with every connection would get a new key each time. A value that is an
// address once those are taken off becomes one canonical key; any other string is kept as it is.

/**
 * The limit key of a client_ip: "v4:a.b.c.d", "v6:xxxx:xxxx:xxxx:xxxx::/64", or for any other
 * string the string itself, JSON-quoted: one key per string still, but with NUL and lone
 * surrogates escaped, so that every key can be stored as PostgreSQL text.
 */
export function addressLimitKey(value: string): string {
	const address = withoutWrappers(value);
	const v4 = parseIPv4(address);
	if (v4 !== null) return ipv4Key(v4);
	const v6 = parseIPv6(address);
	if (v6 === null) return `${OTHER_PREFIX}${JSON.stringify(value)}`;
	if (isIPv4Mapped(v6)) return ipv4Key([v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff]);
	return `v6:${v6.slice(0, 4).map((group) => group.toString(16)).join(":")}::/64`;
}

const OTHER_PREFIX = "s:";

/** The value a key of addressLimitKey was made from when it is no address, or null for an address. */
export function notAnAddress(key: string): string | null {
	return key.startsWith(OTHER_PREFIX) ? (JSON.parse(key.slice(OTHER_PREFIX.length)) as string) : null;
}

// "[address]" or "[address]:port": the only way a port can follow an IPv6 address unambiguously.
const BRACKETED = /^\[([^\]]*)\](?::[0-9]{1,5})?$/;
// "host:port" with one colon: an IPv6 address has at least two, so it is never mistaken for this.
const WITH_PORT = /^([^:]*):[0-9]{1,5}$/;

/** `value` without surrounding whitespace, a port, brackets and a zone ("%eth0"). */
function withoutWrappers(value: string): string {
	let text = value.trim();
	const bracketed = BRACKETED.exec(text);
	if (bracketed !== null) text = bracketed[1]!;
	else text = WITH_PORT.exec(text)?.[1] ?? text;
	const zone = text.indexOf("%");
	return zone === -1 ? text : text.slice(0, zone);
}

function ipv4Key(octets: number[]): string {
	return `v4:${octets.join(".")}`;
}

const DECIMAL_OCTET = /^[0-9]{1,3}$/;

/** Four decimal octets; leading zeros are read as decimal, as most callers mean them. */
function parseIPv4(value: string): number[] | null {
	const parts = value.split(".");
	if (parts.length !== 4) return null;
	const octets: number[] = [];
	for (const part of parts) {
		if (!DECIMAL_OCTET.test(part)) return null;
		const n = Number(part);
		if (n > 255) return null;
		octets.push(n);
	}
	return octets;
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** Eight 16-bit groups, or null. Accepts an IPv4 tail. */
function parseIPv6(text: string): number[] | null {
	if (!text.includes(":")) return null;

	const halves = text.split("::");
	if (halves.length > 2) return null;
	const head = groupsOf(halves[0]!);
	const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
	if (head === null || tail === null) return null;
	const missing = 8 - head.length - tail.length;
	if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
	return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** The groups of one side of "::"; an IPv4 tail counts as two groups. */
function groupsOf(side: string): number[] | null {
	if (side === "") return [];
	const parts = side.split(":");
	const groups: number[] = [];
	for (let i = 0; i < parts.length; i++) {
		const part = parts[i]!;
		if (i === parts.length - 1 && part.includes(".")) {
			const v4 = parseIPv4(part);
			if (v4 === null) return null;
			groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
		} else if (HEX_GROUP.test(part)) {
			groups.push(parseInt(part, 16));
		} else {
			return null;
		}
	}
	return groups;
}

/** ::ffff:a.b.c.d is the IPv4 address a.b.c.d. */
function isIPv4Mapped(groups: number[]): boolean {
	return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/** The address a client_ip names, once its wrappers are off: IPv4 octets or IPv6 groups (an
 *  IPv4-mapped IPv6 address is its IPv4 address); null for a string that is no address. */
export function parseAddress(value: string): { version: 4; octets: number[] } | { version: 6; groups: number[] } | null {
	const address = withoutWrappers(value);
	const v4 = parseIPv4(address);
	if (v4 !== null) return { version: 4, octets: v4 };
	const v6 = parseIPv6(address);
	if (v6 === null) return null;
	if (isIPv4Mapped(v6)) return { version: 4, octets: [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff] };
	return { version: 6, groups: v6 };
}
