// The page's pure modules (src/features/console/ui/api.ts) under bun test: routes, links, and the
// calls it makes, over a recording fetch.
import { describe, expect, test } from "bun:test";
import { ConsoleApiError, SignedOut, createConsoleApi, eventsHash, formatTime, formatUntil, parseRoute, tokenOfHash, usersHash } from "../../src/features/console/ui/api.ts";

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
