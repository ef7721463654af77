// @holm/client goes into an application with the one command docs/client.md gives, from a fresh
// clone of Holm: client/ as git holds it (its built dist/ is committed, so nothing is built and no
// script runs) and nothing else of the repository. Installed so, it signs a user up and in on a
// real Holm from Node and from Bun, and type-checks in a TypeScript project with Node's module
// resolution. The guide's other ways are run too: `npm ci` with install-links in .npmrc (CI), and a
// tarball vendored into the application. npm fetches openapi-fetch, the client's one dependency,
// from its cache when it can (prefer-offline), else from the registry, as `npm ci` at the root does.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SECRET, startTestServer, tempDirsForThisFile, uniqueEmail, type TestServer } from "../support/server.ts";

const ROOT = join(import.meta.dir, "..", "..");
const newDir = tempDirsForThisFile();

let server: TestServer;
/** A fresh clone of Holm: the files git holds under client/, and nothing else. */
let holm: string;
/** The application the install command ran in. */
let project: string;

const NPM_ENV = {
	npm_config_prefer_offline: "true",
	npm_config_audit: "false",
	npm_config_fund: "false",
	npm_config_update_notifier: "false",
	npm_config_loglevel: "error",
};

/** Runs a command to its end, without blocking: the test server answers from this very process. */
async function run(command: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
	const child = Bun.spawn(command, { cwd, env: { ...process.env, ...NPM_ENV, ...env }, stdout: "pipe", stderr: "pipe" });
	const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
	if (code !== 0) throw new Error(`${command.join(" ")} exited ${code}:\n${stdout}\n${stderr}`);
	return stdout;
}

/** The shell commands of the ```sh blocks of docs/client.md's "Install" section, one list per
 *  block, comments dropped, with /path/to/holm as the clone. */
function installBlocks(): string[][] {
	const markdown = readFileSync(join(ROOT, "docs", "client.md"), "utf8");
	const section = markdown.split(/^## /m).find((part) => part.startsWith("Install\n"));
	if (section === undefined) throw new Error("docs/client.md has no Install section");
	return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, block]) =>
		block!
			.split("\n")
			.map((line) => line.replace(/\s+#.*$/, "").trim())
			.filter((line) => line !== "")
			.map((line) => line.replaceAll("/path/to/holm", holm)),
	);
}

function newApp(): string {
	const app = newDir();
	writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
	return app;
}

async function shell(commands: string[], cwd: string): Promise<void> {
	for (const command of commands) await run(["sh", "-c", command], cwd);
}

beforeAll(async () => {
	server = await startTestServer({ listen: true });
	holm = newDir();
	const tracked = (await run(["git", "ls-files", "-z", "client"], ROOT)).split("\0").filter(Boolean);
	for (const file of tracked) {
		mkdirSync(dirname(join(holm, file)), { recursive: true });
		copyFileSync(join(ROOT, file), join(holm, file));
	}
	project = newApp();
	const [install] = installBlocks();
	expect(install).toEqual([`npm install --install-links ${holm}/client`]);
	await shell(install!, project);
}, 120_000);
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

/** Runs APP in `app` with Node and Bun: what each printed. */
async function runApp(app: string): Promise<void> {
	writeFileSync(join(app, "app.js"), APP);
	const expected = { same: true, holmError: true, code: "INCORRECT_PASSWORD", status: 400 };
	for (const runtime of ["node", process.execPath]) {
		const output = await run([runtime, "app.js"], app, { HOLM_URL: server.url, HOLM_SECRET: SECRET, EMAIL: uniqueEmail() });
		expect(JSON.parse(output), runtime).toEqual(expected);
	}
}

function tree(dir: string, prefix = ""): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? tree(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
	);
}

test("the committed client/dist is what `npm run client:build` makes of client/src", async () => {
	const built = newDir();
	await run([process.execPath, join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "client/tsconfig.json", "--outDir", built], ROOT);
	const committed = join(ROOT, "client", "dist");
	expect(tree(committed).sort()).toEqual(tree(built).sort());
	for (const file of tree(built)) expect(readFileSync(join(committed, file), "utf8"), file).toBe(readFileSync(join(built, file), "utf8"));
});

test("the one command copies the built client into the application, with openapi-fetch, from a clone that was never built", () => {
	expect(existsSync(join(holm, "client", "node_modules"))).toBe(false);
	const installed = join(project, "node_modules", "@holm", "client");
	expect(lstatSync(installed).isSymbolicLink()).toBe(false); // a copy: the app runs wherever it is deployed
	const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
	expect(manifest.name).toBe("@holm/client");
	expect(Object.keys(manifest.dependencies)).toEqual(["openapi-fetch"]);
	expect(manifest.scripts ?? {}).toEqual({ build: "tsc -p tsconfig.json" }); // nothing that runs at install or pack
	expect(manifest.exports["."]).toEqual({ types: "./dist/index.d.ts", default: "./dist/index.js" });
	expect(tree(installed).sort()).toEqual(["README.md", "dist/index.d.ts", "dist/index.js", "dist/openapi.d.ts", "dist/openapi.js", "dist/path.d.ts", "dist/path.js", "package.json"]);
	expect(existsSync(join(project, "node_modules", "openapi-fetch", "package.json"))).toBe(true);
	const app = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
	expect(app.dependencies["@holm/client"]).toMatch(/^file:.*client$/);
});

test("a plain Node ESM project and Bun run it against Holm", async () => {
	await runApp(project);
});

/** Every TypeScript block of docs/client.md, as one module, with the application's own parts declared. */
function documentedCode(): string {
	const markdown = readFileSync(join(ROOT, "docs", "client.md"), "utf8");
	const blocks = [...markdown.matchAll(/```ts(?: run)?\n([\s\S]*?)```/g)].map(([, code]) => code);
	expect(blocks.length).toBeGreaterThanOrEqual(6);
	return [
		"declare function sendEmail(to: string, text: string): Promise<void>;",
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

test("with install-links in the application's .npmrc, npm ci (CI, a teammate) copies the client again", async () => {
	const [, keep] = installBlocks();
	expect(keep).toEqual(['echo "install-links=true" >> .npmrc']);
	const app = newApp();
	await shell(installBlocks()[0]!, app);
	await shell(keep!, app);
	rmSync(join(app, "node_modules"), { recursive: true });
	await run(["npm", "ci"], app);
	expect(lstatSync(join(app, "node_modules", "@holm", "client")).isSymbolicLink()).toBe(false);
	await runApp(app);
});

test("a tarball vendored into the application installs as the guide says", async () => {
	const [, , vendor] = installBlocks();
	expect(vendor).toEqual([`mkdir -p vendor && npm pack ${holm}/client --pack-destination vendor`, "npm install ./vendor/holm-client-0.1.0.tgz"]);
	const app = newApp();
	await shell(vendor!, app);
	const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
	expect(manifest.dependencies["@holm/client"]).toBe("file:vendor/holm-client-0.1.0.tgz");
	await runApp(app);
});
