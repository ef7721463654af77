// Attack: without any secret, open thousands of connections to `GET /health` (which needs none)
// and send a request body that never ends. Holm used to read those bodies: 2,000 connections
// held 147 MB and delayed SIGTERM by 11 s. Routes without a body (every GET and DELETE, /health
// included) never read one, a body is read only after the secret passed, and a request whose
// body is left unread gets its answer at once, on a connection that is then closed.
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { PROCESS_SECRET, serveHolm, tempDir } from "../support/server.ts";

// Each test starts real processes.
setDefaultTimeout(30_000);

const dirs: string[] = [];
afterAll(() => {
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Slow {
	/** Resolves with the response head once one arrives. */
	answer: Promise<string>;
	socket: Socket;
	stopSending(): void;
}

type Framing = "chunked" | "length";

/**
 * Sends the request line and headers, then a body that never ends: chunked, or a Content-Length
 * under the 64 KiB limit (so no 413 comes early) that is never reached. A few bytes every 50 ms.
 */
function slowBody(url: string, requestLine: string, framing: Framing): Slow {
	const { hostname, port } = new URL(url);
	const socket = connect({ host: hostname, port: Number(port) });
	socket.on("error", () => {});
	let received = "";
	const answer = new Promise<string>((resolve) => {
		socket.on("data", (data) => {
			received += data.toString("latin1");
			if (received.includes("\r\n\r\n")) resolve(received);
		});
		socket.on("close", () => resolve(received));
	});
	const length = framing === "chunked" ? "Transfer-Encoding: chunked" : "Content-Length: 60000";
	socket.write([requestLine, "Host: holm", "Content-Type: application/json", length, "", ""].join("\r\n"));
	const piece = framing === "chunked" ? "8\r\nxxxxxxxx\r\n" : "xxxxxxxx";
	const trickle = setInterval(() => {
		if (socket.writable) socket.write(piece);
	}, 50);
	socket.on("close", () => clearInterval(trickle));
	return { answer, socket, stopSending: () => clearInterval(trickle) };
}

function within<T>(ms: number, promise: Promise<T>): Promise<T | "timed out"> {
	return Promise.race([promise, Bun.sleep(ms).then(() => "timed out" as const)]);
}

test("GET /health with a never-ending body answers 200 at once", async () => {
	const dir = tempDir();
	dirs.push(dir);
	const holm = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	try {
		for (const framing of ["chunked", "length"] as const) {
			const slow = slowBody(holm.url, "GET /health HTTP/1.1", framing);
			const head = await within(1000, slow.answer);
			slow.stopSending();
			slow.socket.destroy();
			expect({ framing, head: typeof head === "string" ? head.split("\r\n")[0] : head }).toEqual({ framing, head: "HTTP/1.1 200 OK" });
		}
	} finally {
		await holm.stop();
	}
});

test("POST without the secret, never-ending body: 401 at once, on /health and on /users", async () => {
	const dir = tempDir();
	dirs.push(dir);
	const holm = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	try {
		for (const line of ["POST /health HTTP/1.1", "POST /users HTTP/1.1", "DELETE /users/abcdefghijkmnpqrstuvwxyz HTTP/1.1"]) {
			for (const framing of ["chunked", "length"] as const) {
				const slow = slowBody(holm.url, line, framing);
				const head = await within(1000, slow.answer);
				slow.stopSending();
				slow.socket.destroy();
				expect({ line, framing, head: typeof head === "string" ? head.split("\r\n")[0] : head }).toEqual({ line, framing, head: "HTTP/1.1 401 Unauthorized" });
			}
		}
	} finally {
		await holm.stop();
	}
});

test("200 connections holding never-ending bodies to /health do not delay SIGTERM", async () => {
	const dir = tempDir();
	dirs.push(dir);
	const holm = await serveHolm(["--dir", dir, "--secret", PROCESS_SECRET]);
	const slow = Array.from({ length: 200 }, (_, i) => slowBody(holm.url, "GET /health HTTP/1.1", i % 2 === 0 ? "chunked" : "length"));
	try {
		await Promise.all(slow.map((s) => within(2000, s.answer)));
		const started = performance.now();
		holm.process.kill("SIGTERM");
		expect(await within(2000, holm.process.exited)).toBe(0);
		expect(performance.now() - started).toBeLessThan(2000);
	} finally {
		for (const s of slow) {
			s.stopSending();
			s.socket.destroy();
		}
		holm.process.kill("SIGKILL");
	}
});
