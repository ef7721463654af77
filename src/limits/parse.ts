// `--limit NAME=COUNT/WINDOW` and HOLM_LIMIT: each value checked, a bad one a ConfigError that says
// what was expected and what the default is.
import { ConfigError } from "../config-error.ts";
import { formatLimit } from "./format.ts";
import { DEFAULT_LIMITS, HOUR, LIMIT_NAMES, MINUTE, SECOND, type LimitName, type LimitSetting, type LimitSettings } from "./settings.ts";

const MAX_COUNT = 1_000_000;
const MAX_WINDOW_MS = 24 * HOUR;
const UNIT_MS: Record<string, number> = { s: SECOND, m: MINUTE, h: HOUR };

/** One `NAME=COUNT/WINDOW` (`code-attempts=COUNT`), checked; `source` names where it came from. */
function parseLimit(text: string, source: string): [LimitName, LimitSetting] {
	const match = /^([a-z-]+)=([0-9]+)(?:\/([0-9]+)([smh]))?$/.exec(text.trim());
	const name = match?.[1] ?? text.split("=")[0]!.trim();
	if (!(LIMIT_NAMES as readonly string[]).includes(name)) {
		throw new ConfigError(`${source} "${text}": unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(", ")}`);
	}
	const limit = name as LimitName;
	const form = DEFAULT_LIMITS[limit].windowMs === null ? `${limit}=COUNT (default ${formatLimit(DEFAULT_LIMITS[limit])})` : `${limit}=COUNT/WINDOW with WINDOW in s, m or h (default ${formatLimit(DEFAULT_LIMITS[limit])})`;
	if (match === null || (match[3] === undefined) !== (DEFAULT_LIMITS[limit].windowMs === null)) {
		throw new ConfigError(`${source} "${text}" must be ${form}`);
	}
	const count = Number(match[2]);
	if (count < 1 || count > MAX_COUNT) throw new ConfigError(`${source} "${text}": COUNT must be between 1 and ${MAX_COUNT}`);
	if (match[3] === undefined) return [limit, { count, windowMs: null }];
	const windowMs = Number(match[3]) * UNIT_MS[match[4]!]!;
	if (windowMs < SECOND || windowMs > MAX_WINDOW_MS) throw new ConfigError(`${source} "${text}": WINDOW must be between 1s and 24h`);
	return [limit, { count, windowMs }];
}

/** `base` (the defaults) with `given` applied over it, in order; a name given twice is refused. */
export function limitSettings(given: readonly string[], source: string, base: LimitSettings = DEFAULT_LIMITS): LimitSettings {
	const settings: Record<LimitName, LimitSetting> = { ...base };
	const seen = new Set<LimitName>();
	for (const text of given) {
		const [name, setting] = parseLimit(text, source);
		if (seen.has(name)) throw new ConfigError(`${source}: the limit ${name} is given twice`);
		seen.add(name);
		settings[name] = setting;
	}
	return settings;
}
