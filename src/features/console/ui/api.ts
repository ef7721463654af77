// The console's calls to its own JSON endpoints (/console/api/...), over an injected fetch so that
// they run under `bun test` too. The session is an HttpOnly cookie the script never sees; nothing
// here stores anything.

/** The session is gone (ended, idle, or never started): the page goes back to sign-in. */
export class SignedOut extends Error {
	constructor() {
		super("signed out");
	}
}

/** The console answered with an error code (NOT_FOUND, NOT_CONFIRMED, ...). */
export class ConsoleApiError extends Error {
	constructor(
		readonly code: string,
		readonly status: number,
	) {
		super(code);
	}
}

interface ConsoleUser {
	id: string;
	created_at: number;
	email: string | null;
	email_verified: boolean;
	totp_registered: boolean;
	password_leaked: boolean;
	/** An operator's disable in force (API.md section 18), its end (null: until enabled) and reason. */
	disabled: boolean;
	disabled_until: number | null;
	disabled_reason: string | null;
}

/** A row of the user list: the user, with their passkey count and whether a block holds now. */
interface ListedUser extends ConsoleUser {
	passkeys: number;
	blocked: boolean;
}

interface UserPage {
	users: ListedUser[];
	total: number;
	page: number;
	per_page: number;
	pages: number;
}

interface SecondFactorLock {
	check: string;
	failed_attempts: number;
	locked_until: number | null;
	lock_count: number;
}

export interface ConsoleEvent {
	id: string;
	time: number;
	type: string;
	user_id: string | null;
	client_ip: string | null;
	data: Record<string, unknown>;
	/** In the feed: the user's email (null without one), and whether the user still exists. */
	user_email?: string | null;
	user_exists?: boolean;
}

interface ConsolePasskey {
	id: string;
	name: string;
	created_at: number;
	last_used_at: number | null;
	backed_up: boolean;
}

interface ConsoleIdentity {
	id: string;
	provider: string;
	subject: string;
	email: string | null;
	email_verified: boolean;
	created_at: number;
	last_sign_in_at: number | null;
}

export interface UserDetails {
	/** The server's time (whole Unix seconds). */
	now: number;
	user: ConsoleUser;
	totp: { created_at: number } | null;
	passkeys?: ConsolePasskey[];
	/** Identities at identity providers (absent from a Holm without them). */
	identities?: ConsoleIdentity[];
	requests: {
		password_reset: { created_at: number; expires_at: number; email_verified: boolean }[];
		email_verification: { created_at: number; expires_at: number }[];
		email_update: { created_at: number; expires_at: number; email: string }[];
	};
	blocks: { password_until: number | null; second_factor: SecondFactorLock[] };
	events?: ConsoleEvent[];
	/** The user's live sessions, most recently used first (never a token). */
	sessions?: ConsoleSession[];
}

interface ConsoleSession {
	id: string;
	created_at: number;
	last_used_at: number;
	expires_at: number;
	client_ip: string | null;
	user_agent: string | null;
	/** The user agent as a person says it ("Chrome on macOS"), or as sent when it names no browser. */
	device: string | null;
	second_factor_verified_at: number | null;
	new_device: boolean;
}

interface Overview {
	users: number;
	hashing: { running: number; waiting: number };
	version: string;
	database: string;
	events_24h?: Record<string, number>;
	/** Live sessions of every user. */
	sessions?: number;
}

/** The feed, newest first; `older` continues it (null at the oldest event kept). */
interface EventPage {
	events: ConsoleEvent[];
	older: string | null;
	/** Every event type, for the filter. */
	types: string[];
}

export interface EventFilter {
	type: string;
	user_id: string;
	/** Only the last this many hours; null for every event kept. */
	hours: number | null;
	/** A page's `older`, or "" for the newest. */
	before: string;
}

/** What this Holm's console can show (events and passkeys come with their features). */
export interface Features {
	events: boolean;
	passkeys: boolean;
}

export interface UserQuery {
	q: string;
	by: "auto" | "email" | "email_part" | "id" | "password_leaked";
	sort_by: "created_at" | "id";
	sort_order: "ascending" | "descending";
	page: number;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

interface ConsoleApi {
	signIn(token: string): Promise<boolean>;
	signOut(): Promise<void>;
	/** The features, or null when signed out. */
	session(): Promise<Features | null>;
	overview(): Promise<Overview>;
	users(query: UserQuery): Promise<UserPage>;
	user(id: string): Promise<UserDetails | null>;
	deleteUser(id: string, confirm: string): Promise<void>;
	removeTotp(id: string): Promise<void>;
	deleteRequests(id: string): Promise<void>;
	unblock(id: string): Promise<void>;
	/** Disables the user: `until` in whole Unix seconds, or null until enabled; `reason` or null. */
	disable(id: string, disable: { reason: string | null; until: number | null }): Promise<void>;
	enable(id: string): Promise<void>;
	/** Creates a user with an email and a password, or an email only (`password` null); the new id. */
	createUser(user: { email: string; password: string | null }): Promise<string>;
	deletePasskey(id: string): Promise<void>;
	deleteIdentity(id: string): Promise<void>;
	endSession(userId: string, sessionId: string): Promise<void>;
	endSessions(userId: string): Promise<void>;
	events(filter: EventFilter): Promise<EventPage>;
}

export function createConsoleApi(fetch: Fetch, base = "/console/api"): ConsoleApi {
	async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Response> {
		const init: RequestInit = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
		if (method === "POST") {
			init.headers = { Accept: "application/json", "Content-Type": "application/json" };
			init.body = JSON.stringify(body ?? {});
		}
		const response = await fetch(base + path, init);
		if (response.status === 401) throw new SignedOut();
		if (!response.ok) {
			const answer = (await response.json().catch(() => ({}))) as { error?: string };
			throw new ConsoleApiError(answer.error ?? "UNKNOWN_ERROR", response.status);
		}
		return response;
	}
	const seg = encodeURIComponent;
	return {
		async signIn(token) {
			try {
				await call("POST", "/session", { token });
				return true;
			} catch (error) {
				if (error instanceof SignedOut) return false;
				throw error;
			}
		},
		async signOut() {
			await call("POST", "/sign-out", {});
		},
		async session() {
			try {
				const answer = (await (await call("GET", "/session")).json()) as { features?: Partial<Features> };
				return { events: answer.features?.events === true, passkeys: answer.features?.passkeys === true };
			} catch (error) {
				if (error instanceof SignedOut) return null;
				throw error;
			}
		},
		async overview() {
			return (await call("GET", "/overview")).json() as Promise<Overview>;
		},
		async users(query) {
			const params = new URLSearchParams({ q: query.q, by: query.by, sort_by: query.sort_by, sort_order: query.sort_order, page: String(query.page) });
			return (await call("GET", `/users?${params}`)).json() as Promise<UserPage>;
		},
		async user(id) {
			try {
				return (await (await call("GET", `/users/${seg(id)}`)).json()) as UserDetails;
			} catch (error) {
				if (error instanceof ConsoleApiError && error.status === 404) return null;
				throw error;
			}
		},
		async deleteUser(id, confirm) {
			await call("POST", `/users/${seg(id)}/delete`, { confirm });
		},
		async removeTotp(id) {
			await call("POST", `/users/${seg(id)}/remove-totp`, {});
		},
		async deleteRequests(id) {
			await call("POST", `/users/${seg(id)}/delete-requests`, {});
		},
		async unblock(id) {
			await call("POST", `/users/${seg(id)}/unblock`, {});
		},
		async disable(id, disable) {
			await call("POST", `/users/${seg(id)}/disable`, disable);
		},
		async enable(id) {
			await call("POST", `/users/${seg(id)}/enable`, {});
		},
		async createUser(user) {
			const answer = (await (await call("POST", "/users", user)).json()) as { id: string };
			return answer.id;
		},
		async deletePasskey(id) {
			await call("POST", `/passkeys/${seg(id)}/delete`, {});
		},
		async deleteIdentity(id) {
			await call("POST", `/identities/${seg(id)}/delete`, {});
		},
		async endSession(userId, sessionId) {
			await call("POST", `/users/${seg(userId)}/sessions/${seg(sessionId)}/end`, {});
		},
		async endSessions(userId) {
			await call("POST", `/users/${seg(userId)}/end-sessions`, {});
		},
		async events(filter) {
			const params = new URLSearchParams();
			if (filter.type !== "") params.set("type", filter.type);
			if (filter.user_id !== "") params.set("user_id", filter.user_id);
			if (filter.hours !== null) params.set("hours", String(filter.hours));
			if (filter.before !== "") params.set("before", filter.before);
			return (await call("GET", `/events?${params}`)).json() as Promise<EventPage>;
		},
	};
}

/** The sign-in token of a link (`#token=...`), or null. */
export function tokenOfHash(hash: string): string | null {
	const match = /^#token=([A-Za-z0-9_-]+)$/.exec(hash);
	return match === null ? null : match[1]!;
}

/** Whole Unix seconds as a readable UTC time. */
export function formatTime(seconds: number | null): string {
	if (seconds === null) return "never";
	return new Date(seconds * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
}

/** "in 14 min", "in 2 h 5 min", "in 6 d 23 h". */
export function formatUntil(seconds: number, nowSeconds: number): string {
	const left = Math.max(0, seconds - nowSeconds);
	if (left < 60) return `in ${left} s`;
	const minutes = Math.ceil(left / 60);
	if (minutes < 60) return `in ${minutes} min`;
	if (minutes < 24 * 60) return `in ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
	return `in ${Math.floor(minutes / (24 * 60))} d ${Math.floor(minutes / 60) % 24} h`;
}

/** A datetime-local input's value ("2026-11-28T09:30"), read as UTC (the time the console shows),
 *  in whole Unix seconds; null when empty or not such a value. */
export function utcInputSeconds(value: string): number | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
	if (match === null) return null;
	const [year, month, day, hour, minute, second = "0"] = match.slice(1).map((part) => part ?? "0") as string[];
	const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
	return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** Characters as the server counts a reason's: code points, so an emoji is one. */
export function codePoints(text: string): number {
	return [...text].length;
}

/** The route of a location hash: #/, #/users?..., #/users/ID, #/events?... */
export type Route =
	| { page: "overview" }
	| { page: "users"; query: UserQuery }
	| { page: "user"; id: string }
	| ({ page: "events" } & EventFilter);

export function parseRoute(hash: string): Route {
	const [path = "", search = ""] = hash.replace(/^#/, "").split("?", 2);
	const params = new URLSearchParams(search);
	const user = /^\/users\/([^/]+)$/.exec(path);
	if (user !== null) return { page: "user", id: decodeURIComponent(user[1]!) };
	if (path === "/users") {
		const by = params.get("by");
		const page = Number(params.get("page") ?? "1");
		return {
			page: "users",
			query: {
				q: params.get("q") ?? "",
				by: by === "email" || by === "email_part" || by === "id" || by === "password_leaked" ? by : "auto",
				sort_by: params.get("sort_by") === "id" ? "id" : "created_at",
				// Newest first unless asked: the account an operator looks for is usually a recent one.
				sort_order: params.get("sort_order") === "ascending" ? "ascending" : "descending",
				page: Number.isInteger(page) && page >= 1 ? page : 1,
			},
		};
	}
	if (path === "/events") {
		const hours = Number(params.get("hours") ?? "");
		return {
			page: "events",
			type: params.get("type") ?? "",
			user_id: params.get("user_id") ?? "",
			hours: Number.isInteger(hours) && hours > 0 ? hours : null,
			before: params.get("before") ?? "",
		};
	}
	return { page: "overview" };
}

export function eventsHash(filter: EventFilter): string {
	const params = new URLSearchParams();
	if (filter.type !== "") params.set("type", filter.type);
	if (filter.user_id !== "") params.set("user_id", filter.user_id);
	if (filter.hours !== null) params.set("hours", String(filter.hours));
	if (filter.before !== "") params.set("before", filter.before);
	const search = params.toString();
	return search === "" ? "#/events" : `#/events?${search}`;
}

export function usersHash(query: UserQuery): string {
	const params = new URLSearchParams({ q: query.q, by: query.by, sort_by: query.sort_by, sort_order: query.sort_order, page: String(query.page) });
	return `#/users?${params}`;
}
