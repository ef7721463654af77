// Not a test: the instance that stalls, for stalled-instance.pg.ts. It opens Holm's PostgreSQL
// storage as `holm serve` does, starts the limit update of a password guess from ADDRESS (the rows
// a guess locks), and stops itself (SIGSTOP) while the update's transaction holds those rows: what
// a paused VM, a debugger or a long GC pause does to a real instance.
// Usage: bun test/postgres/hold-limit-lock.ts DATABASE_URL ADDRESS
import { addressLimitKey } from "../../src/lib/client-ip.ts";
import { ALLOWED } from "../../src/lib/rate-limit.ts";
import { RULES } from "../../src/limits.ts";
import { openPostgresStorage } from "../../src/stores/postgres/index.ts";

const [url, address] = process.argv.slice(2);
if (url === undefined || address === undefined) throw new Error("usage: hold-limit-lock.ts DATABASE_URL ADDRESS");
const storage = await openPostgresStorage(url);
const key = addressLimitKey(address);
const keys = [
	{ rule: RULES.passwordHashing, key },
	{ rule: RULES.incorrectPasswordsPerAddress, key },
];
await storage.limitStore
	.update(keys, (states) => {
		process.kill(process.pid, "SIGSTOP");
		return { result: ALLOWED, states };
	})
	.catch(() => {}); // once resumed, its session may well have been ended for it
await storage.close();
