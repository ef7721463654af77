// `import path from "./x.bin" with { type: "file" }` gives the file's path (bundled-leak-file.ts).
declare module "*.bin" {
	const path: string;
	export default path;
}
