// `bun bench/instructions.ts ROW`: the app called in-process (no network) for INSTR_COUNT (5,000)
// requests of ROW after INSTR_WARM_UP (1,000), on a SQLite test server with the request line written at `info` to
// /dev/null, so that `valgrind --tool=callgrind` can count the instructions a request costs
// whatever else the machine is doing. ROW is `get` (GET /users/{id}), `validate` (POST
// /sessions/validate), `page` (GET /users?per_page=20) or `none` (the same requests made but not
// sent: what the harness itself costs). `bun bench/instructions.ts --count ROW...` runs each row
// and `none` under callgrind and prints instructions a request (the row's count less none's).
// Wall-clock figures come from bench/hot-path.ts against dist/holm; this is for comparing builds
// of the same code path when the machine is too noisy for time.
import { openSync } from "node:fs";
import { createLogger } from "../src/log.ts";
import { SECRET, createUser, startTestServer } from "../test/support/server.ts";

const ROWS = ["get", "validate", "page"] as const;
type Row = (typeof ROWS)[number] | "none";
const COUNT = Number(process.env.INSTR_COUNT ?? 5_000);
const WARM_UP = Number(process.env.INSTR_WARM_UP ?? 1_000);
const USERS = 200;

if (process.argv[2] === "--count") await countAll(process.argv.slice(3));
else await run(process.argv[2] as Row);

async function run(row: Row): Promise<void> {
	const devNull = openSync("/dev/null", "w");
	const sink = { write: (text: string) => Bun.write(Bun.file(devNull), text) };
	const server = await startTestServer({ log: createLogger("pretty", "info", { out: sink, err: sink }, "each turn") });
	const users: string[] = [];
	const tokens: string[] = [];
	for (let i = 0; i < USERS; i++) {
		const user = await createUser(server);
		users.push(user.id);
		const made = await server.request("POST", `/users/${user.id}/sessions`, {});
		tokens.push(made.body.token);
	}
	// What server.fetch makes of each call before the app sees it (test/support/server.ts asFetchSendsIt):
	// `none` makes the same, so the difference is the app's.
	const call = (i: number, which: Row): { path: string; init: RequestInit } => {
		if (which === "validate" || (which === "none" && i % 3 === 1)) {
			return { path: "/sessions/validate", init: { method: "POST", headers: { Authorization: SECRET }, body: JSON.stringify({ token: tokens[i % USERS] }) } };
		}
		if (which === "page" || (which === "none" && i % 3 === 2)) return { path: "/users?per_page=20", init: { headers: { Authorization: SECRET } } };
		return { path: `/users/${users[i % USERS]}`, init: { headers: { Authorization: SECRET } } };
	};
	const send = async (which: Row, count: number) => {
		for (let i = 0; i < count; i++) {
			const { path, init } = call(i, which);
			if (which === "none") {
				const headers = new Headers(init.headers);
				headers.set("Accept", "*/*");
				if (typeof init.body === "string") {
					headers.set("Content-Type", "text/plain;charset=UTF-8");
					headers.set("Content-Length", String(Buffer.byteLength(init.body)));
				}
				new Request(`http://holm.test${path}`, { ...init, headers });
				continue;
			}
			const response = await server.fetch(path, init);
			if (response.status !== 200) throw new Error(`${which}: ${response.status} ${await response.text()}`);
			await response.arrayBuffer();
		}
	};
	await send(row === "none" ? "get" : row, WARM_UP);
	await send(row, COUNT);
	await server.stop();
}

async function countAll(rows: string[]): Promise<void> {
	const instructions = (row: string): number => {
		const ran = Bun.spawnSync(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", process.execPath, import.meta.path, row], {
			env: { ...process.env, BUN_JSC_useConcurrentJIT: "0", BUN_JSC_useConcurrentGC: "0" },
			stdout: "ignore",
			stderr: "pipe",
		});
		const match = /Collected : (\d+)/.exec(ran.stderr.toString());
		if (match === null) throw new Error(`callgrind gave no count for ${row}:\n${ran.stderr.toString().slice(-2000)}`);
		return Number(match[1]);
	};
	const none = instructions("none");
	for (const row of rows.length > 0 ? rows : ROWS) {
		const total = instructions(row);
		console.log(`${row}: ${Math.round((total - none) / COUNT).toLocaleString("en")} instructions a request (${COUNT} requests)`);
	}
}
