// Bundles the console's page (src/features/console/ui/) into data/console/: the script with
// Bun.build (minified, one file, nothing fetched at run time), the page and its style as they are.
// build.ts runs it (`bun build.ts console`, and npm's `prepare`); the executable embeds the result.
import { mkdir, readdir, stat } from "node:fs/promises";
import { join } from "node:path";

const UI = join(import.meta.dir, "ui");

interface ConsoleBundle {
	/** Bytes of each file written. */
	sizes: Record<string, number>;
}

async function newest(dir: string): Promise<number> {
	let latest = 0;
	for (const name of await readdir(dir)) latest = Math.max(latest, (await stat(join(dir, name))).mtimeMs);
	return latest;
}

async function writtenAt(path: string): Promise<number | null> {
	try {
		return (await stat(path)).mtimeMs;
	} catch {
		return null;
	}
}

/** Writes index.html.txt, console.js.txt and console.css.txt into `outDir`; skipped when they are
 *  newer than every source file (unless `force`). */
export async function buildConsole(outDir: string, options: { force?: boolean } = {}): Promise<ConsoleBundle | null> {
	const files = ["index.html.txt", "console.js.txt", "console.css.txt"].map((name) => join(outDir, name));
	if (options.force !== true) {
		const built = await Promise.all(files.map(writtenAt));
		const source = await newest(UI);
		if (built.every((time) => time !== null && time > source)) return null;
	}
	const result = await Bun.build({ entrypoints: [join(UI, "main.ts")], minify: true, target: "browser", format: "esm" });
	for (const message of result.logs) console.error(message);
	if (!result.success || result.outputs.length !== 1) throw new Error("bundling the console's script failed");
	await mkdir(outDir, { recursive: true });
	const js = await result.outputs[0]!.text();
	const html = await Bun.file(join(UI, "index.html")).text();
	const css = await Bun.file(join(UI, "console.css")).text();
	const [htmlPath, jsPath, cssPath] = files as [string, string, string];
	await Bun.write(htmlPath, html);
	await Bun.write(jsPath, js);
	await Bun.write(cssPath, css);
	return { sizes: { "index.html": html.length, "console.js": js.length, "console.css": css.length } };
}
