// docs/api.md is rendered from the OpenAPI document (src/openapi/markdown.ts, npm run docs:api):
// it can never say something the document does not, and every link into it lands on a heading.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { renderedApiMarkdown } from "../../scripts/api-docs.ts";
import { slug } from "../../src/openapi/markdown.ts";

const ROOT = join(import.meta.dir, "..", "..");
const apiMarkdown = readFileSync(join(ROOT, "docs", "api.md"), "utf8");

/** The anchors GitHub gives the headings of a Markdown file (a repeated one gets -1, -2...). */
function anchors(markdown: string): Set<string> {
	const found = new Set<string>();
	const seen = new Map<string, number>();
	const withoutCode = markdown.replace(/```[\s\S]*?```/g, "");
	for (const [, heading] of withoutCode.matchAll(/^#{1,6} (.+)$/gm)) {
		const base = slug(heading!.replace(/`/g, ""));
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		found.add(count === 0 ? base : `${base}-${count}`);
	}
	return found;
}

/** Markdown files under a folder, node_modules and build output left out. */
function markdownFiles(dir: string): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (name === "node_modules" || name === "dist" || name.startsWith(".")) return [];
		if (statSync(path).isDirectory()) return markdownFiles(path);
		return name.endsWith(".md") ? [path] : [];
	});
}

describe("docs/api.md", () => {
	test("is what the OpenAPI document renders now", () => {
		const rendered = renderedApiMarkdown();
		if (apiMarkdown !== rendered) {
			throw new Error(
				"docs/api.md is not what the OpenAPI document gives: run `npm run docs:api` and commit docs/api.md. " +
					"(Edit the words beside each endpoint, in its handlers.ts and schemas.ts, or docs/api-intro.md; never docs/api.md itself.)",
			);
		}
	});

	test("every link to a heading of api.md, in api.md and in the other docs, lands on one", () => {
		const targets = anchors(apiMarkdown);
		const broken: string[] = [];
		for (const [, anchor] of apiMarkdown.matchAll(/\]\(#([^)]+)\)/g)) if (!targets.has(anchor!)) broken.push(`api.md#${anchor}`);
		const others = [join(ROOT, "README.md"), ...["docs", "client", "examples", "clients", "deploy"].flatMap((dir) => markdownFiles(join(ROOT, dir)))];
		for (const file of others) {
			const text = readFileSync(file, "utf8");
			for (const [, anchor] of text.matchAll(/api\.md#([\w-]+)/g)) if (!targets.has(anchor!)) broken.push(`${file.slice(ROOT.length + 1)} → api.md#${anchor}`);
		}
		expect(broken).toEqual([]);
	});
});
