// A stop (SIGTERM, a rolling restart) must not close the database under a request that is still
// being handled. The listener's stop waits for requests whose client is still connected, but not
// for one whose client went away: such a request went on hashing, then met a closed database
// ("request failed … Connection closed"), and whatever it was writing was lost.
import { expect, test } from "bun:test";
import { recordingLogger, SECRET, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

test("stop waits for requests whose client has gone before it closes the database", async () => {
	const recorded = recordingLogger();
	// The whole server, hashing at the contract's cost: the requests must still be hashing when their client leaves.
	const server = await startTestServer({ log: recorded.log, listen: true, hashing: "real" });
	const abort = new AbortController();
	const creations = Array.from({ length: 4 }, (_, i) =>
		fetch(server.url + "/users", {
			method: "POST",
			headers: { Authorization: SECRET },
			body: JSON.stringify({ email: `leaving${i}@example.com`, password: STRONG_PASSWORD }),
			signal: abort.signal,
		}).catch(() => null),
	);
	await Bun.sleep(10); // the requests are hashing now
	abort.abort(); // their client goes away
	await Promise.all(creations);
	await server.stop();
	await Bun.sleep(300); // long enough for any request still running to have failed
	expect(recorded.entries().filter(({ level }) => level === "warn" || level === "error")).toEqual([]);
});
