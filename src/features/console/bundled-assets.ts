// The files `bun build.ts console` writes, as text: in the executable they are part of it. (Named
// .txt so that neither TypeScript nor Bun reads them as a module of their own kind.)
import css from "../../../data/console/console.css.txt" with { type: "text" };
import html from "../../../data/console/index.html.txt" with { type: "text" };
import js from "../../../data/console/console.js.txt" with { type: "text" };
import type { ConsoleAssets } from "./assets.ts";

export const BUNDLED_CONSOLE: ConsoleAssets = { html, js, css };
