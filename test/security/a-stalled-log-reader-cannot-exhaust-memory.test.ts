// Attack: whoever reads Holm's stdout (a log shipper, a `| tee` on a full disk) stops reading, or
// reads slower than requests come, while callers keep sending requests. Each request adds a line;
// process.stdout kept every line it could not pass on, without limit, until the process ran out of
// memory. Now at most MAX_WAITING of lines wait; later info lines are dropped and counted, and a
// warning says how many once the reader catches up. Real process, real pipe (a FIFO that this test
// holds open without reading, so that the writer sees a stalled reader, not Bun's eager one).
import { expect, test } from "bun:test";
import { closeSync, constants, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_WAITING } from "../../src/log.ts";

const FLOOD = join(import.meta.dir, "../fixtures/log/flood.ts");
const LINES = 200_000; // about 50 MB of lines

test("a stdout reader that stops reading cannot make Holm keep every log line", async () => {
	const dir = mkdtempSync(join(tmpdir(), "holm-stalled-"));
	const fifo = join(dir, "stdout");
	expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
	const stalled = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
	try {
		const child = Bun.spawn(["sh", "-c", 'exec "$0" "$1" "$2" > "$3"', process.execPath, FLOOD, String(LINES), fifo], { stdout: "ignore", stderr: "pipe" });
		const stderr = child.stderr.getReader();
		let said = "";
		const readStderr = async (until: (text: string) => boolean) => {
			while (!until(said)) {
				const { value, done } = await stderr.read();
				if (done) break;
				said += new TextDecoder().decode(value);
			}
		};
		await readStderr((text) => text.includes("grown="));
		const grown = Number(/grown=(-?\d+)/.exec(said)?.[1]);
		// Kept lines grew it by about 67 MB; the bound leaves room for the heap's own swings (a CI run
		// measured 20.04 MiB once), far below that.
		expect(grown).toBeLessThan(4 * MAX_WAITING + 28 * 1024 * 1024);

		// The reader comes back: everything still waiting arrives, then the count of what did not.
		const reader = Bun.spawn(["cat", fifo], { stdout: "pipe" });
		const out = await new Response(reader.stdout).text();
		await readStderr(() => false);
		expect(await child.exited).toBe(0);
		const written = out.split("\n").filter((line) => line.includes(" INFO request "));
		const dropped = Number(/WARN log lines dropped: stdout was not read fast enough lines=(\d+)/.exec(said)?.[1]);
		expect(dropped).toBeGreaterThan(0);
		// Every line is either written, in order, or counted as dropped.
		expect(written.length + dropped).toBe(LINES);
		const numbers = written.map((line) => Number(/ n=(\d+)/.exec(line)?.[1]));
		expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
	} finally {
		closeSync(stalled);
		rmSync(dir, { recursive: true, force: true });
	}
}, 60_000);
