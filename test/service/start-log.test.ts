// The start log says which optional parts are on, as it does for passkeys: an operator who gave
// --console or --webhook-url sees at once that they took, and where webhooks go (the origin only:
// a path or query may hold a token).
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROCESS_SECRET, serveHolm, tempDirsForThisFile } from "../support/server.ts";

const newDir = tempDirsForThisFile();

function lineOf(output: string, message: string): Record<string, unknown> | undefined {
	const line = output.split("\n").find((text) => text.includes(`"message":"${message}`));
	return line === undefined ? undefined : JSON.parse(line);
}

test("the start log says when the console and webhooks are on, and says nothing of them when they are off", async () => {
	const dir = newDir();
	const secretFile = join(dir, "webhook-secret");
	writeFileSync(secretFile, `whsec_${Buffer.alloc(32, 9).toString("base64")}\n`, { mode: 0o600 });
	const on = await serveHolm(
		["--dir", join(dir, "data"), "--log-format", "json", "--console", "--webhook-url", "http://127.0.0.1:9/hooks?token=abc", "--webhook-secret-file", secretFile, "--webhook-event", "user_created"],
		{ HOLM_SECRET: PROCESS_SECRET },
	);
	await on.stop();
	expect(lineOf(on.output(), "the console is on")).toMatchObject({ path: "/console/" });
	const webhooks = lineOf(on.output(), "webhooks are on");
	expect(webhooks).toMatchObject({ to: "http://127.0.0.1:9", events: "user_created" });
	expect(on.output()).not.toContain("token=abc");

	const off = await serveHolm(["--dir", newDir(), "--log-format", "json"], { HOLM_SECRET: PROCESS_SECRET });
	await off.stop();
	expect(lineOf(off.output(), "the console is on")).toBeUndefined();
	expect(lineOf(off.output(), "webhooks are on")).toBeUndefined();
});
