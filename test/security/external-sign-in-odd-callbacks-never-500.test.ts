// Attack: relay odd callbacks (and odd provider answers) to a live request, hoping one reaches an
// unhandled exception: a 500, or a request left half used. Every answer is a contract code (a 4xx,
// or 502 for the provider's part), and each request is used up by its first valid verify.
import { afterAll, expect, test } from "bun:test";
import { startFakeOpenIdProvider, startSignIn, verify } from "../support/identity-providers.ts";
import { serverForThisFile } from "../support/server.ts";

const fake = await startFakeOpenIdProvider();
afterAll(() => fake.stop());
const server = serverForThisFile({ identityProviders: [fake.entry("idp")] });

const ODD = ["", " ", "\u0000", "💥".repeat(40), "x".repeat(4000), "https://", "javascript:alert(1)", "%00", "a\r\nb", "\ud800"];

test("odd state, code, iss and error values on live requests: never a 500", async () => {
	for (const value of ODD) {
		for (const field of ["state", "code", "iss", "error"] as const) {
			const started = await startSignIn(server, "idp");
			const callback: Record<string, string> = { state: started.state, code: "a-code", [field]: value };
			const answer = await verify(server, started.id, callback);
			expect({ field, value, answered: [400, 502].includes(answer.status) }).toEqual({ field, value, answered: true });
		}
	}
});

test("odd token answers from the provider: never a 500", async () => {
	const answers: unknown[] = [
		{ status: 200, body: {} },
		{ status: 200, body: { access_token: 5, token_type: "Bearer" } },
		{ status: 200, body: { access_token: "x", token_type: "Bearer", id_token: "not.a.jwt" } },
		{ status: 200, body: { access_token: "x", token_type: "Bearer", id_token: "a.b.c.d.e" } },
		{ status: 200, body: { access_token: "x", token_type: "mac", id_token: "" } },
		{ status: 200, body: { access_token: "x", token_type: "Bearer", expires_in: "soon", id_token: "x" } },
		{ status: 204, body: {} },
		{ status: 418, body: { error: ["x"] } },
	];
	for (const answer of answers) {
		const started = await startSignIn(server, "idp");
		fake.answer = () => answer as { status: number; body: Record<string, unknown> };
		const result = await verify(server, started.id, { state: started.state, code: "a-code" }, { create_user: true });
		expect({ answer, answered: [400, 502].includes(result.status) }).toEqual({ answer, answered: true });
	}
});
