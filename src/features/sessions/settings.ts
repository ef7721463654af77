// How long sessions live and how many a user may hold (API.md section 13): the figures in force
// now, given at start (--session-idle-timeout, --session-lifetime, --sessions-per-user). Nothing
// about them is stored with a session, so shortening either ends sessions at once.
import { ConfigError } from "../../config-error.ts";

export interface SessionSettings {
	/** Seconds without a validation after which a session ends. */
	idleTimeoutSeconds: number;
	/** Seconds after its creation at which a session ends, however busy. */
	lifetimeSeconds: number;
	/** Sessions a user may hold; one more ends the least recently used. */
	perUser: number;
}

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { idleTimeoutSeconds: 7 * 86_400, lifetimeSeconds: 30 * 86_400, perUser: 50 };

/** A device (user agent or network) counts as known to a user for this long after a session used it. */
export const DEVICE_MEMORY_SECONDS = 90 * 86_400;

/**
 * How stale `last_used_at` may get before a validation writes it: a minute, or a tenth of the idle
 * timeout when that is under ten minutes. The idle expiry is then late by at most this much, and a
 * busy session costs one write a minute rather than one per request.
 */
export function touchIntervalSeconds(settings: SessionSettings): number {
	return Math.max(1, Math.min(60, Math.floor(settings.idleTimeoutSeconds / 10)));
}

/** Whether a session with these times is live at `now` under the settings in force. */
export function isLive(session: { createdAt: number; lastUsedAt: number }, now: number, settings: SessionSettings): boolean {
	return now < expiresAt(session, settings);
}

/** The earlier of the idle expiry and the end of the lifetime. */
export function expiresAt(session: { createdAt: number; lastUsedAt: number }, settings: SessionSettings): number {
	return Math.min(session.lastUsedAt + settings.idleTimeoutSeconds, session.createdAt + settings.lifetimeSeconds);
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };
const DURATION = /^([1-9][0-9]{0,6})([smhd])$/;

/** `30s`, `15m`, `12h`, `7d` in seconds; a ConfigError naming the flag otherwise. */
function parseDuration(flag: string, value: string): number {
	const match = DURATION.exec(value.trim());
	if (match === null) throw new ConfigError(`--${flag} must be a duration such as 30m, 12h or 7d (got "${value}")`);
	const seconds = Number(match[1]) * UNIT_SECONDS[match[2]!]!;
	if (seconds > 10 * 365 * 86_400) throw new ConfigError(`--${flag} must be at most 10 years (got "${value}")`);
	return seconds;
}

/** The three flags, each from its value or its environment variable; defaults for those absent. */
export function sessionSettingsOf(values: { idle?: string; lifetime?: string; perUser?: string }): SessionSettings {
	const idle = values.idle === undefined ? DEFAULT_SESSION_SETTINGS.idleTimeoutSeconds : parseDuration("session-idle-timeout", values.idle);
	const lifetime = values.lifetime === undefined ? DEFAULT_SESSION_SETTINGS.lifetimeSeconds : parseDuration("session-lifetime", values.lifetime);
	let perUser = DEFAULT_SESSION_SETTINGS.perUser;
	if (values.perUser !== undefined) {
		if (!/^[1-9][0-9]{0,4}$/.test(values.perUser.trim())) throw new ConfigError(`--sessions-per-user must be a whole number from 1 to 99999 (got "${values.perUser}")`);
		perUser = Number(values.perUser.trim());
	}
	return { idleTimeoutSeconds: idle, lifetimeSeconds: lifetime, perUser };
}
