// POST /users/:user_id/verify-password, POST /users/:user_id/update-password, POST /authenticate/password
import { describe, expect, test } from "bun:test";
import handlers from "../../src/features/passwords/handlers.ts";
import { blockedIp, disabledUser, documentedErrorsOf, LEAKED, UNKNOWN } from "../support/documented-errors.ts";
import { createUser, serverForThisFile, STRONG_PASSWORD, uniqueEmail } from "../support/server.ts";

const NEW_PASSWORD = "a different passphrase 7";
const MINUTE = 60_000;

const server = serverForThisFile();

describe("POST /users/:user_id/verify-password", () => {
	test("204 for the right password, INCORRECT_PASSWORD for a wrong one", async () => {
		const user = await createUser(server);
		const right = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });
		expect(right.status).toBe(204);
		expect(right.body).toBeNull();
		const wrong = await server.request("POST", `/users/${user.id}/verify-password`, { password: "not the password" });
		expect(wrong.status).toBe(400);
		expect(wrong.body).toEqual({ error: "INCORRECT_PASSWORD" });
	});

	test("NOT_FOUND for an unknown user; INVALID_DATA for a missing password", async () => {
		const user = await createUser(server);
		expect((await server.request("POST", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/verify-password", { password: "whatever1" })).body).toEqual({
			error: "NOT_FOUND",
		});
		expect((await server.request("POST", `/users/${user.id}/verify-password`, {})).body).toEqual({ error: "INVALID_DATA" });
	});

	test("5 incorrect passwords from one address block it for the rest of 15 minutes", async () => {
		const user = await createUser(server);
		const ip = "192.0.2.1";
		for (let i = 0; i < 5; i++) {
			server.clock.advance(10_000); // keep the hashing bucket full; this test is about incorrect passwords
			const answer = await server.request("POST", `/users/${user.id}/verify-password`, { password: "wrong guess", client_ip: ip });
			expect(answer.body).toEqual({ error: "INCORRECT_PASSWORD" });
		}
		server.clock.advance(10_000);
		const blocked = await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip });
		expect(blocked.body).toEqual({ error: "TOO_MANY_REQUESTS" });
		// Other addresses, and requests without one, are not blocked.
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: "192.0.2.2" })).status).toBe(204);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);

		server.clock.advance(14 * MINUTE);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
		server.clock.advance(MINUTE);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip })).status).toBe(204);
	});

	test("a correct password clears the count of incorrect ones", async () => {
		const user = await createUser(server);
		const ip = "192.0.2.3";
		async function guess(password: string) {
			server.clock.advance(10_000);
			return server.request("POST", `/users/${user.id}/verify-password`, { password, client_ip: ip });
		}
		for (let i = 0; i < 4; i++) expect((await guess("wrong guess")).body).toEqual({ error: "INCORRECT_PASSWORD" });
		expect((await guess(STRONG_PASSWORD)).status).toBe(204);
		for (let i = 0; i < 4; i++) expect((await guess("wrong guess")).body).toEqual({ error: "INCORRECT_PASSWORD" });
		expect((await guess(STRONG_PASSWORD)).status).toBe(204);
	});

	test("the hashing bucket: 5 checks from one address, then one more every 10 seconds", async () => {
		const user = await createUser(server);
		const ip = "192.0.2.4";
		for (let i = 0; i < 5; i++) {
			expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip })).status).toBe(204);
		}
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
		server.clock.advance(9_999);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
		server.clock.advance(1);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD, client_ip: ip })).status).toBe(204);
	});
});

describe("POST /users/:user_id/update-password", () => {
	test("changes the password and invalidates the user's reset requests", async () => {
		const user = await createUser(server);
		const reset = await server.request("POST", `/users/${user.id}/password-reset-requests`, {});
		const answer = await server.request("POST", `/users/${user.id}/update-password`, { password: STRONG_PASSWORD, new_password: NEW_PASSWORD });
		expect(answer.status).toBe(204);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: NEW_PASSWORD })).status).toBe(204);
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).body).toEqual({
			error: "INCORRECT_PASSWORD",
		});
		expect((await server.request("GET", `/password-reset-requests/${reset.body.id}`)).status).toBe(404);
	});

	test("every error it can answer", async () => {
		const user = await createUser(server);
		const path = `/users/${user.id}/update-password`;
		expect((await server.request("POST", "/users/aaaaaaaaaaaaaaaaaaaaaaaa/update-password", { password: STRONG_PASSWORD, new_password: NEW_PASSWORD })).body).toEqual({
			error: "NOT_FOUND",
		});
		expect((await server.request("POST", path, { password: STRONG_PASSWORD })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", path, { password: STRONG_PASSWORD, new_password: "short" })).body).toEqual({ error: "INVALID_DATA" });
		expect((await server.request("POST", path, { password: "not it at all", new_password: NEW_PASSWORD })).body).toEqual({
			error: "INCORRECT_PASSWORD",
		});
		expect((await server.request("POST", path, { password: STRONG_PASSWORD, new_password: "password" })).body).toEqual({
			error: "WEAK_PASSWORD",
		});
		const ip = "192.0.2.5";
		for (let i = 0; i < 5; i++) await server.request("POST", path, { password: "not it at all", new_password: NEW_PASSWORD, client_ip: ip });
		expect((await server.request("POST", path, { password: STRONG_PASSWORD, new_password: NEW_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
		// None of the refused attempts changed the password.
		expect((await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD })).status).toBe(204);
	});

	test("a weak new password answers WEAK_PASSWORD before the current password is checked, spending no guess", async () => {
		const user = await createUser(server);
		const path = `/users/${user.id}/update-password`;
		const ip = "192.0.2.9";
		for (let i = 0; i < 8; i++) {
			expect((await server.request("POST", path, { password: "not it at all", new_password: "password", client_ip: ip })).body).toEqual({
				error: "WEAK_PASSWORD",
			});
		}
		// Neither the hashing bucket nor the incorrect-password count of the address was touched.
		expect((await server.request("POST", path, { password: STRONG_PASSWORD, new_password: NEW_PASSWORD, client_ip: ip })).status).toBe(204);
	});
});

describe("POST /authenticate/password", () => {
	test("answers the user for the right email and password, the email in any case", async () => {
		const email = uniqueEmail();
		const user = await createUser(server, { email });
		const answer = await server.request("POST", "/authenticate/password", { email: email.toUpperCase(), password: STRONG_PASSWORD });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual(user);
	});

	test("INCORRECT_PASSWORD, NOT_FOUND for an unknown email, INVALID_DATA for a malformed one", async () => {
		const email = uniqueEmail();
		await createUser(server, { email });
		expect((await server.request("POST", "/authenticate/password", { email, password: "nope nope nope" })).body).toEqual({
			error: "INCORRECT_PASSWORD",
		});
		expect((await server.request("POST", "/authenticate/password", { email: uniqueEmail(), password: STRONG_PASSWORD })).body).toEqual({
			error: "NOT_FOUND",
		});
		expect((await server.request("POST", "/authenticate/password", { email: "not-an-email", password: STRONG_PASSWORD })).body).toEqual({
			error: "INVALID_DATA",
		});
		expect((await server.request("POST", "/authenticate/password", { password: STRONG_PASSWORD })).body).toEqual({ error: "INVALID_DATA" });
	});

	test("unknown emails count towards the address's incorrect-password block", async () => {
		const email = uniqueEmail();
		await createUser(server, { email });
		const ip = "192.0.2.6";
		for (let i = 0; i < 5; i++) {
			server.clock.advance(10_000);
			expect((await server.request("POST", "/authenticate/password", { email: uniqueEmail(), password: STRONG_PASSWORD, client_ip: ip })).body).toEqual({
				error: "NOT_FOUND",
			});
		}
		server.clock.advance(10_000);
		expect((await server.request("POST", "/authenticate/password", { email, password: STRONG_PASSWORD, client_ip: ip })).body).toEqual({
			error: "TOO_MANY_REQUESTS",
		});
	});

	describe("with argon2id at the contract's cost", () => {
		const hashing = serverForThisFile({ hashing: "real" });

		test("an unknown email costs about as much time as a wrong password", async () => {
			const email = uniqueEmail();
			await createUser(hashing, { email });
			async function time(body: object): Promise<number> {
				const started = performance.now();
				await hashing.request("POST", "/authenticate/password", body);
				return performance.now() - started;
			}
			await time({ email: uniqueEmail(), password: STRONG_PASSWORD }); // the dummy hash is made on first use
			const unknown: number[] = [];
			const wrong: number[] = [];
			for (let i = 0; i < 5; i++) {
				unknown.push(await time({ email: uniqueEmail(), password: STRONG_PASSWORD }));
				wrong.push(await time({ email, password: "wrong wrong wrong" }));
			}
			const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[2]!;
			// Both run one argon2id verification; without it an unknown email would answer in well under a millisecond.
			expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
		});
	});
});

documentedErrorsOf(handlers, () => server, ({ post }) => ({
	verifyPassword: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/verify-password`, { password: "x" })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/verify-password`, {})],
		["INCORRECT_PASSWORD", async () => post(`/users/${(await createUser(server)).id}/verify-password`, { password: "wrong password" })],
		["TOO_MANY_REQUESTS", async () => post(`/users/${(await createUser(server)).id}/verify-password`, { password: STRONG_PASSWORD, client_ip: await blockedIp(server) })],
		["USER_DISABLED", async () => post(`/users/${(await disabledUser(server)).id}/verify-password`, { password: STRONG_PASSWORD })],
	],
	updatePassword: [
		["NOT_FOUND", () => post(`/users/${UNKNOWN}/update-password`, { password: "x", new_password: STRONG_PASSWORD })],
		["INVALID_DATA", async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: "x" })],
		["WEAK_PASSWORD", async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: STRONG_PASSWORD, new_password: LEAKED })],
		["INCORRECT_PASSWORD", async () => post(`/users/${(await createUser(server)).id}/update-password`, { password: "wrong password", new_password: `${STRONG_PASSWORD}!` })],
		[
			"TOO_MANY_REQUESTS",
			async () =>
				post(`/users/${(await createUser(server)).id}/update-password`, { password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD}!`, client_ip: await blockedIp(server) }),
		],
	],
	authenticateWithPassword: [
		["INVALID_DATA", () => post("/authenticate/password", { email: "not an email", password: "x" })],
		["NOT_FOUND", () => post("/authenticate/password", { email: uniqueEmail(), password: STRONG_PASSWORD })],
		["INCORRECT_PASSWORD", async () => post("/authenticate/password", { email: (await createUser(server)).email, password: "wrong password" })],
		["TOO_MANY_REQUESTS", async () => post("/authenticate/password", { email: (await createUser(server)).email, password: STRONG_PASSWORD, client_ip: await blockedIp(server) })],
		["USER_DISABLED", async () => post("/authenticate/password", { email: (await disabledUser(server)).email, password: STRONG_PASSWORD })],
	],
}));
