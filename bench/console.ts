// The console's pages in `npm run bench`: a session opened as an operator opens one (a link from
// `holm console-link`, traded for the cookie), then the JSON calls behind each page, under the same
// load as the API's reads. The contract's budget is 50 ms a page at a million users.
import { EXECUTABLE } from "./processes.ts";

/** Opens a console session on the running Holm at `url`; the Cookie header's value. */
export async function consoleSession(url: string, dir: string, database: string | undefined): Promise<string> {
	const args = [EXECUTABLE, "console-link", "--dir", dir, "--port", new URL(url).port, "--ttl", "1h"];
	if (database !== undefined) args.push("--database", database);
	const made = Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });
	if (made.exitCode !== 0) throw new Error(`holm console-link failed: ${made.stderr.toString()}`);
	const token = made.stdout.toString().trim().split("#token=")[1] ?? "";
	const answer = await fetch(`${url}/console/api/session`, {
		method: "POST",
		headers: { Origin: url, "Content-Type": "application/json" },
		body: JSON.stringify({ token }),
	});
	const cookie = answer.headers.get("Set-Cookie");
	if (answer.status !== 204 || cookie === null) throw new Error(`the console refused its sign-in link (${answer.status})`);
	return cookie.split(";")[0]!;
}

/** One row per console page: its scenario name and the wrk Lua that requests it (`ids` and `N`
 *  are the seeded users' ids). */
export function consoleRows(users: number): { scenario: string; lua: string }[] {
	return [
		{ scenario: "console: overview (`GET /console/api/overview`)", lua: `function makeRequest(i) return wrk.format("GET", "/console/api/overview") end` },
		{ scenario: "console: users, first page (`GET /console/api/users`)", lua: `function makeRequest(i) return wrk.format("GET", "/console/api/users") end` },
		{
			scenario: "console: users, an exact email",
			lua: `N = ${users}\nfunction makeRequest(i) return wrk.format("GET", "/console/api/users?by=email&q=seed" .. (i % N) .. "%40example.com") end`,
		},
		{
			scenario: "console: users, part of an email (`seed99`)",
			lua: `function makeRequest(i) return wrk.format("GET", "/console/api/users?by=email_part&q=seed99") end`,
		},
		{ scenario: "console: a user's page (`GET /console/api/users/{id}`)", lua: `function makeRequest(i) return wrk.format("GET", "/console/api/users/" .. ids[i % N + 1]) end` },
	];
}
