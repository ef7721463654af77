// Memory of the in-memory rate limits under a flood of distinct addresses (API.md section 4):
// one million client_ip values, each making a password guess at a user of its own (hashing bucket,
// incorrect passwords per address and per user) and a code request (per user and per address),
// straight through the limits module, without HTTP or hashing, so that every limiter fills up to
// its capacity. Prints the process's resident memory before, right after (the peak, with the
// flood's garbage) and once the allocator has returned freed pages.
// `bun bench/limiter-memory.ts [count]`; nothing here asserts a figure.
import { addressLimitKey } from "../src/lib/client-ip.ts";
import { createMemoryLimits } from "../src/limits.ts";

const COUNT = Number(process.argv[2] ?? 1_000_000);
let now = Date.UTC(2026, 10, 21);
const limits = createMemoryLimits(() => now);

function mb(bytes: number): string {
	return `${(bytes / 1e6).toFixed(1)} MB`;
}

function report(label: string): void {
	Bun.gc(true);
	const { rss, heapUsed } = process.memoryUsage();
	console.log(`${label.padEnd(40)} rss ${mb(rss).padStart(9)}   heap ${mb(heapUsed).padStart(9)}`);
}

/** Distinct addresses: IPv4 for the first half, IPv6 /64 networks for the rest. */
function address(i: number): string {
	if (i < COUNT / 2) return `${10 + (i >>> 24)}.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
	return `2001:db8:${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
}

report("before");
const started = performance.now();
for (let i = 0; i < COUNT; i++) {
	const clientIp = addressLimitKey(address(i));
	const userId = `user${String(i).padStart(20, "0")}`;
	await limits.admitPasswordGuess({ clientIp, userId });
	await limits.admitCodeRequest("passwordReset", userId, clientIp);
	if (i % 1000 === 0) now += 1; // a millisecond per thousand addresses: all inside one window
}
const seconds = (performance.now() - started) / 1000;
report(`after ${COUNT.toLocaleString("en")} distinct addresses`);
console.log(`${Math.round(COUNT / seconds).toLocaleString("en")} addresses/s through the limits`);
// The allocator gives freed pages back to the system a little later: what stays is the bound.
await Bun.sleep(2000);
report("2 s later");
await Bun.sleep(8000);
report("10 s later");
