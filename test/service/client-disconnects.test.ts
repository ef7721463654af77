// A client that goes away before it has sent its whole body (a timeout in the app's HTTP client, a
// crashed caller, a slow-body flood) is not a failure of Holm: it was logged as an error ("request
// failed", AbortError) and left out of the request counts. It is logged at info, as the request
// line of a request that ended with status 499 (nginx's "client closed request") and error
// CLIENT_CLOSED, and counted so in holm_http_requests_total; nothing reaches the client, which is gone.
import { expect, test } from "bun:test";
import { connect } from "node:net";
import { recordingLogger, SECRET, serverForThisFile } from "../support/server.ts";

const { log, lines } = recordingLogger();

const server = serverForThisFile({ log, listen: true });

/** Sends the head and the start of a body, then closes the connection; resolves once it is closed. */
function abandon(head: string, start: string): Promise<void> {
	const url = new URL(server.url);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(url.port), url.hostname, () => {
			socket.write(head + start, () => socket.destroy());
		});
		socket.on("close", () => resolve());
		socket.on("error", reject);
	});
}

async function closedCount(): Promise<number> {
	const text = await (await fetch(server.url + "/metrics", { headers: { Authorization: SECRET } })).text();
	const match = /^holm_http_requests_total\{route="\/users",method="POST",status="499",error="CLIENT_CLOSED"\} (\d+)$/m.exec(text);
	return match === null ? 0 : Number(match[1]);
}

/** The server notices the closed connection on its own schedule: ask until it has (or give up). */
async function closedCountReaching(expected: number): Promise<number> {
	let count = await closedCount();
	for (let attempt = 0; attempt < 100 && count < expected; attempt++) {
		await Bun.sleep(20);
		count = await closedCount();
	}
	return count;
}

test("a body cut off by the client is a 499 CLIENT_CLOSED request line at info, never an error", async () => {
	const head = (framing: string) => `POST /users HTTP/1.1\r\nHost: holm\r\nAuthorization: ${SECRET}\r\n${framing}\r\n\r\n`;
	await abandon(head("Content-Length: 1000"), '{"email":');
	await abandon(head("Transfer-Encoding: chunked"), '9\r\n{"email":\r\n');
	expect(await closedCountReaching(2)).toBe(2);

	const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
	expect(parsed.filter((line) => line.level === "error")).toEqual([]);
	const closed = parsed.filter((line) => line.status === 499);
	expect(closed).toHaveLength(2);
	for (const line of closed) expect(line).toMatchObject({ level: "info", message: "request", route: "/users", method: "POST", error: "CLIENT_CLOSED" });
	// No 500 was counted for them either.
	const text = await (await fetch(server.url + "/metrics", { headers: { Authorization: SECRET } })).text();
	expect(text).not.toMatch(/status="500"/);
});
