// The console's page, script and style: built by `bun build.ts console` (build.ts, and npm's
// `prepare`) into data/console/, and embedded as text into the executable. Imported on first use,
// so a Holm without --console never needs them.

export interface ConsoleAssets {
	html: string;
	js: string;
	css: string;
}

let loading: Promise<ConsoleAssets> | null = null;

export function consoleAssets(): Promise<ConsoleAssets> {
	loading ??= import("./bundled-assets.ts").then((m) => m.BUNDLED_CONSOLE).catch((error: unknown) => {
		loading = null;
		throw new Error(`the console's files are missing; run \`bun build.ts console\` (${error instanceof Error ? error.message : String(error)})`);
	});
	return loading;
}
