// `holm serve --console` and `holm console-link` as processes: the link it prints signs in once,
// --end-sessions ends every session, and mistakes exit 2 saying what is wrong.
import { describe, expect, test } from "bun:test";
import { buildConsole } from "../../src/features/console/build-console.ts";
import { join } from "node:path";
import { runHolm, serveHolm, tempDirsForThisFile, PROCESS_SECRET } from "../support/server.ts";

const newDir = tempDirsForThisFile();

async function exchange(url: string, token: string): Promise<Response> {
	return fetch(`${url}/console/api/session`, {
		method: "POST",
		headers: { Origin: url, "Content-Type": "application/json" },
		body: JSON.stringify({ token }),
	});
}

describe("holm console-link", () => {
	test("prints a link that signs in once; --end-sessions ends the session it opened", async () => {
		await buildConsole(join(import.meta.dir, "..", "..", "data", "console"));
		const dir = newDir();
		const holm = await serveHolm(["--dir", dir, "--console"], { HOLM_SECRET: PROCESS_SECRET });
		try {
			const port = new URL(holm.url).port;
			const made = runHolm(["console-link", "--dir", dir, "--port", port, "--ttl", "2m"]);
			expect(made.code).toBe(0);
			expect(made.stderr).toContain("valid for 2 minutes");
			const link = made.stdout.trim();
			expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/console/#token=[A-Za-z0-9_-]{43}$`));
			const token = link.split("#token=")[1]!;
			expect((await fetch(`${holm.url}/console/`)).status).toBe(200);
			const first = await exchange(holm.url, token);
			expect(first.status).toBe(204);
			const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
			expect((await exchange(holm.url, token)).status).toBe(401);
			expect((await fetch(`${holm.url}/console/api/overview`, { headers: { Cookie: cookie } })).status).toBe(200);

			const ended = runHolm(["console-link", "--dir", dir, "--end-sessions"]);
			expect(ended.code).toBe(0);
			expect(ended.stdout).toContain("ended 1 console session");
			expect((await fetch(`${holm.url}/console/api/overview`, { headers: { Cookie: cookie } })).status).toBe(401);
		} finally {
			await holm.stop();
		}
	});

	test("a link made with no flags points at the port holm serve listens on, not at 4000", async () => {
		const dir = newDir();
		const holm = await serveHolm(["--dir", dir, "--console"], { HOLM_SECRET: PROCESS_SECRET });
		let stopped = false;
		try {
			const port = new URL(holm.url).port;
			expect(port).not.toBe("4000");
			const made = runHolm(["console-link", "--dir", dir]);
			expect(made.code).toBe(0);
			const link = made.stdout.trim();
			expect(link).toStartWith(`http://127.0.0.1:${port}/console/#token=`);
			expect((await exchange(holm.url, link.split("#token=")[1]!)).status).toBe(204);
			// A flag still wins: the link goes where the browser reaches Holm (a tunnel's port).
			expect(runHolm(["console-link", "--dir", dir, "--port", "4400"]).stdout).toStartWith("http://127.0.0.1:4400/console/#token=");
			expect(await holm.stop()).toBe(0);
			stopped = true;
			// Stopped, it listens nowhere: the link is for the default address again.
			expect(runHolm(["console-link", "--dir", dir]).stdout).toStartWith("http://127.0.0.1:4000/console/#token=");
		} finally {
			if (!stopped) await holm.stop();
		}
	});

	test("an IPv6 --host is bracketed in the link", async () => {
		const dir = newDir();
		expect(runHolm(["migrate", "--dir", dir]).code).toBe(0);
		const made = runHolm(["console-link", "--dir", dir, "--host", "::1", "--port", "4100"]);
		expect(made.stdout).toStartWith("http://[::1]:4100/console/#token=");
	});

	test("mistakes exit 2 and say what is wrong", () => {
		const dir = newDir();
		const missing = runHolm(["console-link", "--dir", join(dir, "nothing")]);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain("no database at");
		expect(runHolm(["migrate", "--dir", dir]).code).toBe(0);
		for (const ttl of ["10", "0s", "25h", "ten minutes"]) {
			const bad = runHolm(["console-link", "--dir", dir, "--ttl", ttl]);
			expect({ ttl, code: bad.code }).toEqual({ ttl, code: 2 });
			expect(bad.stderr).toContain("--ttl");
		}
		const unknown = runHolm(["console-link", "--dir", dir, "--tll", "1m"]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("Usage: holm console-link");
	});
});

describe("--console", () => {
	test("is in the usage, with its variable; console-link has its own", () => {
		const serve = runHolm(["serve", "--help"]);
		expect(serve.stdout).toContain("--console ");
		expect(serve.stdout).toContain("HOLM_CONSOLE");
		expect(runHolm(["--help"]).stdout).toContain("holm console-link");
		const link = runHolm(["console-link", "--help"]);
		expect(link.code).toBe(0);
		expect(link.stdout).toContain("--end-sessions");
	});

	test("HOLM_CONSOLE turns it on; a value that is no switch exits 2; it is off by default", async () => {
		const on = await serveHolm(["--dir", newDir()], { HOLM_SECRET: PROCESS_SECRET, HOLM_CONSOLE: "true" });
		try {
			expect((await fetch(`${on.url}/console/`)).status).toBe(200);
		} finally {
			await on.stop();
		}
		const off = await serveHolm(["--dir", newDir()], { HOLM_SECRET: PROCESS_SECRET });
		try {
			expect((await fetch(`${off.url}/console/`, { headers: { Authorization: PROCESS_SECRET } })).status).toBe(404);
		} finally {
			await off.stop();
		}
		const wrong = runHolm(["serve", "--dir", newDir()], { HOLM_SECRET: PROCESS_SECRET, HOLM_CONSOLE: "maybe" });
		expect(wrong.code).toBe(2);
		expect(wrong.stderr).toContain("HOLM_CONSOLE");
	});
});
