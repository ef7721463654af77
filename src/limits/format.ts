// Limits as an operator writes them: "15m", "5/15m".
import { HOUR, MINUTE, SECOND, type LimitSetting } from "./settings.ts";

/** "15m" for 900 000 ms: the largest unit that divides the window. */
export function formatWindow(ms: number): string {
	if (ms % HOUR === 0) return `${ms / HOUR}h`;
	if (ms % MINUTE === 0) return `${ms / MINUTE}m`;
	return `${ms / SECOND}s`;
}

/** "5/15m", or "5" for code-attempts. */
export function formatLimit(setting: LimitSetting): string {
	return setting.windowMs === null ? String(setting.count) : `${setting.count}/${formatWindow(setting.windowMs)}`;
}
