// The HTTP floor for bench/run.ts: a bare Bun.serve that answers what Holm answers for a user,
// with none of Holm's work (no secret, no routing, no database). Run as its own process, as
// dist/holm is, so that the two are measured the same way; what Holm adds on top shows as the
// ratio between them. `bun bench/floor-server.ts PORT`
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
	console.error("usage: bun bench/floor-server.ts PORT");
	process.exit(2);
}

// The shape and size of Holm's user JSON (API.md section 2), as GET /users/{id} answers it.
const USER = {
	id: "eeidmqmvdtjhaddujv8twjug",
	created_at: 1728783738,
	email: "seed12345@example.com",
	email_verified: false,
	registered_totp: false,
	totp_registered: false,
	recovery_code: "4UHZRTWP",
	password_leaked: false,
	password_set: true,
	disabled: false,
	disabled_until: null,
};

// A page of 20 (GET /users?per_page=20), with its pagination headers: what a page of Holm sends,
// so that a page can also be set beside a bare server that sends as much.
const PAGE = Array.from({ length: 20 }, (_, i) => ({ ...USER, email: `seed${10000 + i}@example.com` }));

Bun.serve({
	hostname: "127.0.0.1",
	port,
	async fetch(request) {
		// A POST reads and parses its JSON body, as every write in Holm does.
		if (request.method === "POST") await request.json();
		if (request.url.includes("per_page=")) return Response.json(PAGE, { headers: { "X-Pagination-Total": "2000", "X-Pagination-Total-Pages": "100" } });
		return Response.json(USER);
	},
});
