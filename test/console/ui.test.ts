// The page's pure modules (src/features/console/ui/api.ts) under bun test: routes, links, and the
// calls it makes, over a recording fetch.
import { describe, expect, test } from "bun:test";
import {
	ConsoleApiError,
	SignedOut,
	codePoints,
	createConsoleApi,
	eventsHash,
	formatTime,
	formatUntil,
	parseRoute,
	tokenOfHash,
	usersHash,
	utcInputSeconds,
} from "../../src/features/console/ui/api.ts";

describe("routes", () => {
	test("each page's hash, and anything else is the overview", () => {
		expect(parseRoute("")).toEqual({ page: "overview" });
		expect(parseRoute("#/")).toEqual({ page: "overview" });
		expect(parseRoute("#/nothing")).toEqual({ page: "overview" });
		expect(parseRoute("#/users/abc")).toEqual({ page: "user", id: "abc" });
		expect(parseRoute("#/events?type=sign_in&user_id=u&hours=24&before=9")).toEqual({ page: "events", type: "sign_in", user_id: "u", hours: 24, before: "9" });
		expect(parseRoute("#/events?hours=-3")).toEqual({ page: "events", type: "", user_id: "", hours: null, before: "" });
		const filter = { type: "user_deleted", user_id: "a&b", hours: 24, before: "" };
		expect(parseRoute(eventsHash(filter))).toEqual({ page: "events", ...filter });
		expect(eventsHash({ type: "", user_id: "", hours: null, before: "" })).toBe("#/events");
	});

	test("a users query survives its hash, and bad values fall back", () => {
		const query = { q: "a&b=c #x", by: "email_part", sort_by: "id", sort_order: "descending", page: 3 } as const;
		expect(parseRoute(usersHash(query))).toEqual({ page: "users", query });
		expect(parseRoute("#/users?by=drop&sort_by=x&page=0")).toEqual({
			page: "users",
			query: { q: "", by: "auto", sort_by: "created_at", sort_order: "descending", page: 1 },
		});
		// Newest first unless asked for; oldest first survives the round trip.
		const oldest = { q: "", by: "auto", sort_by: "created_at", sort_order: "ascending", page: 1 } as const;
		expect(parseRoute(usersHash(oldest))).toEqual({ page: "users", query: oldest });
	});

	test("the token of a link, and nothing else", () => {
		expect(tokenOfHash("#token=abc_DEF-123")).toBe("abc_DEF-123");
		expect(tokenOfHash("#/users")).toBeNull();
		expect(tokenOfHash("#token=<script>")).toBeNull();
	});

	test("times", () => {
		expect(formatTime(0)).toBe("1970-01-01 00:00:00 UTC");
		expect(formatTime(null)).toBe("never");
		expect(formatUntil(100, 70)).toBe("in 30 s");
		expect(formatUntil(1000, 100)).toBe("in 15 min");
		expect(formatUntil(10_000, 100)).toBe("in 2 h 45 min");
		expect(formatUntil(100 + 7 * 86_400, 100)).toBe("in 7 d 0 h");
		expect(formatUntil(100 + 86_400 + 5400, 100)).toBe("in 1 d 1 h");
	});

	test("a disable's end, typed in a datetime-local input, is read as UTC; its reason counted in code points", () => {
		expect(utcInputSeconds("2026-11-28T09:30")).toBe(Date.UTC(2026, 10, 28, 9, 30) / 1000);
		expect(utcInputSeconds("2026-11-28T09:30:15")).toBe(Date.UTC(2026, 10, 28, 9, 30, 15) / 1000);
		for (const bad of ["", "tomorrow", "2026-11-28", "2026-11-28 09:30"]) expect(utcInputSeconds(bad)).toBeNull();
		expect(codePoints("😀".repeat(200))).toBe(200);
	});
});

describe("calls", () => {
	function recording(status: number, body: unknown) {
		const calls: { url: string; init: RequestInit }[] = [];
		const api = createConsoleApi(async (url, init = {}) => {
			calls.push({ url, init });
			return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
		});
		return { api, calls };
	}

	test("actions are POSTs of JSON from the page's own origin", async () => {
		const { api, calls } = recording(204, null);
		await api.deleteUser("u/1", "a@example.com");
		expect(calls[0]!.url).toBe("/console/api/users/u%2F1/delete");
		expect(calls[0]!.init.method).toBe("POST");
		expect(calls[0]!.init.credentials).toBe("same-origin");
		expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
		expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ confirm: "a@example.com" });
	});

	test("ending sessions: one by its user and id, or all of a user's", async () => {
		const { api, calls } = recording(204, null);
		await api.endSession("u/1", "s/2");
		await api.endSessions("u/1");
		expect(calls.map((call) => [call.url, call.init.method])).toEqual([
			["/console/api/users/u%2F1/sessions/s%2F2/end", "POST"],
			["/console/api/users/u%2F1/end-sessions", "POST"],
		]);
	});

	test("disabling, enabling and creating users", async () => {
		const { api, calls } = recording(204, null);
		await api.disable("u/1", { reason: "dispute", until: 1_800_000_000 });
		await api.disable("u/1", { reason: null, until: null });
		await api.enable("u/1");
		expect(calls.map((call) => [call.url, call.init.method, JSON.parse(String(call.init.body))])).toEqual([
			["/console/api/users/u%2F1/disable", "POST", { reason: "dispute", until: 1_800_000_000 }],
			["/console/api/users/u%2F1/disable", "POST", { reason: null, until: null }],
			["/console/api/users/u%2F1/enable", "POST", {}],
		]);
		const created = recording(200, { id: "abc" });
		expect(await created.api.createUser({ email: "a@example.com", password: null })).toBe("abc");
		expect(created.calls[0]!.url).toBe("/console/api/users");
		expect(JSON.parse(String(created.calls[0]!.init.body))).toEqual({ email: "a@example.com", password: null });
	});

	test("a 401 is a signed-out session; other errors carry their code", async () => {
		await expect(recording(401, { error: "NOT_AUTHENTICATED" }).api.overview()).rejects.toBeInstanceOf(SignedOut);
		expect(await recording(401, {}).api.session()).toBeNull();
		expect(await recording(200, { features: { events: true } }).api.session()).toEqual({ events: true, passkeys: false });
		expect(await recording(401, {}).api.signIn("t")).toBe(false);
		expect(await recording(404, { error: "NOT_FOUND" }).api.user("x")).toBeNull();
		const error = await recording(400, { error: "NOT_CONFIRMED" }).api.deleteUser("x", "y").catch((e: unknown) => e);
		expect(error).toBeInstanceOf(ConsoleApiError);
		expect((error as ConsoleApiError).code).toBe("NOT_CONFIRMED");
	});
});
