// The packed client works where applications run: `npm pack` in client/ builds it, and the tarball,
// unpacked into a plain Node ESM project, signs a user up and in on a real Holm from Node and from
// Bun, and type-checks in a TypeScript project with Node's module resolution. Offline: openapi-fetch,
// the tarball's one dependency, is linked from the repository's node_modules.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET, startTestServer, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support.ts";

const ROOT = join(import.meta.dir, "..", "..");
const newDir = tempDirsForThisFile();

let server: TestServer;
let project: string;

/** Runs a command to its end, without blocking: the test server answers from this very process. */
async function run(command: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
	const child = Bun.spawn(command, { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
	const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
	if (code !== 0) throw new Error(`${command.join(" ")} exited ${code}:\n${stdout}\n${stderr}`);
	return stdout;
}

beforeAll(async () => {
	server = await startTestServer({ listen: true });
	const packed = newDir();
	const [{ filename }] = JSON.parse(await run(["npm", "pack", "--json", "--pack-destination", packed], join(ROOT, "client")));

	project = newDir();
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
	const installed = join(project, "node_modules", "@holm", "client");
	mkdirSync(installed, { recursive: true });
	await run(["tar", "-xzf", join(packed, filename), "--strip-components=1", "-C", installed], project);
	for (const name of ["openapi-fetch", "openapi-typescript-helpers", "@oslojs"]) symlinkSync(join(ROOT, "node_modules", name), join(project, "node_modules", name));
}, 60_000);
afterAll(() => server.stop());

const APP = `
import { createHolmClient, HolmError } from "@holm/client";

const holm = createHolmClient({ url: process.env.HOLM_URL, secret: process.env.HOLM_SECRET });
const email = process.env.EMAIL;
const user = await holm.createUser({ email, password: "tabby kettle orbit 91 lantern" });
const signedIn = await holm.authenticateWithPassword({ email, password: "tabby kettle orbit 91 lantern" });
const refused = await holm.authenticateWithPassword({ email, password: "wrong" }).catch((error) => error);
console.log(JSON.stringify({
	same: signedIn.id === user.id,
	holmError: refused instanceof HolmError,
	code: refused.code,
	status: refused.status,
}));
`;

test("the tarball holds the built client and names openapi-fetch as its dependency", () => {
	const manifest = JSON.parse(readFileSync(join(project, "node_modules", "@holm", "client", "package.json"), "utf8"));
	expect(manifest.name).toBe("@holm/client");
	expect(Object.keys(manifest.dependencies)).toEqual(["openapi-fetch"]);
	expect(manifest.exports["."]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
});

test("a plain Node ESM project and Bun run it against Holm", async () => {
	writeFileSync(join(project, "app.js"), APP);
	const expected = { same: true, holmError: true, code: "INCORRECT_PASSWORD", status: 400 };
	for (const runtime of ["node", process.execPath]) {
		const output = await run([runtime, "app.js"], project, { HOLM_URL: server.url, HOLM_SECRET: SECRET, EMAIL: uniqueEmail() });
		expect(JSON.parse(output), runtime).toEqual(expected);
	}
});

/** Every TypeScript block of docs/client.md, as one module, with the application's own parts declared. */
function documentedCode(): string {
	const markdown = readFileSync(join(ROOT, "docs", "client.md"), "utf8");
	const blocks = [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => code);
	expect(blocks.length).toBeGreaterThanOrEqual(6);
	return [
		"declare function sendEmail(to: string, text: string): Promise<void>;",
		"declare function createSession(userId: string): Promise<string>;",
		"declare const email: string, userId: string, code: string, recoveryCode: string;",
		"declare const process: { env: Record<string, string | undefined> };",
		...blocks,
	].join("\n");
}

test("its types check in a TypeScript project with Node's module resolution, refuse a wrong body, and accept docs/client.md", async () => {
	writeFileSync(
		join(project, "tsconfig.json"),
		JSON.stringify({
			compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", lib: ["ES2022", "DOM"], strict: true, skipLibCheck: true, noEmit: true, types: [] },
			files: ["check.ts", "documented.ts"],
		}),
	);
	writeFileSync(
		join(project, "check.ts"),
		`import { createHolmClient, HolmError, type User } from "@holm/client";
const holm = createHolmClient({ url: "http://127.0.0.1:4000", secret: "secret" });
export async function signIn(email: string, password: string): Promise<User | "TOTP needed" | null> {
	try {
		const user = await holm.authenticateWithPassword({ email, password });
		return user.totp_registered ? "TOTP needed" : user;
	} catch (error) {
		if (error instanceof HolmError && (error.code === "INCORRECT_PASSWORD" || error.code === "NOT_FOUND")) return null;
		throw error;
	}
}
// @ts-expect-error: password is required
holm.createUser({ email: "cat@example.com" });
`,
	);
	writeFileSync(join(project, "documented.ts"), documentedCode());
	await run([process.execPath, join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], project);
});
