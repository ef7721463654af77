// src/middleware/require-secret.ts on its own (API.md section 1): the secret bare or after the
// `Bearer` scheme. A bearer header is hashed once without its scheme, and as it is only when some
// secret itself starts with "Bearer " (not possible from the command line, but the check must not
// rely on that): both cases are held here.
import { expect, test } from "bun:test";
import type { RequestContext } from "../../src/http/request-context.ts";
import { secretCheck } from "../../src/middleware/require-secret.ts";

const withAuthorization = (value: string | undefined): RequestContext => ({ req: { header: () => value } }) as unknown as RequestContext;

function accepted(secrets: string[], given: string | undefined): boolean {
	return secretCheck(secrets)(withAuthorization(given), null) === null;
}

test("the secret is accepted bare or after Bearer in any case, and nothing else is", () => {
	const secret = "k7Hq2mZp9VxL4wRt";
	for (const given of [secret, `Bearer ${secret}`, `bearer ${secret}`, `BEARER   ${secret}`]) expect({ given, ok: accepted([secret], given) }).toEqual({ given, ok: true });
	for (const given of [undefined, "", "Bearer", "Bearer ", `Bearer Bearer ${secret}`, `Basic ${secret}`, `Bearer${secret}`, `${secret} `, secret.slice(1)]) {
		expect({ given, ok: accepted([secret], given) }).toEqual({ given, ok: false });
	}
});

test("while rotating, every secret is accepted, bare or as a bearer token", () => {
	const secrets = ["old-secret-0123456789", "new-secret-9876543210"];
	for (const secret of secrets) {
		expect(accepted(secrets, secret)).toBe(true);
		expect(accepted(secrets, `Bearer ${secret}`)).toBe(true);
	}
});

test("a secret that itself starts with Bearer is accepted as it is and after the scheme", () => {
	const secrets = ["plain-secret-0123456789", "Bearer scheme-in-the-secret"];
	expect(accepted(secrets, "Bearer scheme-in-the-secret")).toBe(true);
	expect(accepted(secrets, "Bearer Bearer scheme-in-the-secret")).toBe(true);
	expect(accepted(secrets, "Bearer plain-secret-0123456789")).toBe(true);
	expect(accepted(secrets, "scheme-in-the-secret")).toBe(false);
});

test("a public row needs no secret", () => {
	expect(secretCheck(["k7Hq2mZp9VxL4wRt"])(withAuthorization(undefined), { public: true } as never)).toBeNull();
});
