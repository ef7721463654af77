// The providers' process (test/support/providers-process.ts) that the examples' tests and the
// verify's benchmark start: it must start from where startProvidersProcess looks for it, write a
// providers file that Holm's own loader accepts, and answer on its control URL. `npm run bench`
// once spawned it at a path it had moved away from, and no test ran that step.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadIdentityProviders } from "../../src/features/identity-providers/config.ts";
import { startProvidersProcess } from "../support/identity-providers.ts";

test("the providers' process starts, writes a providers file Holm loads, and makes accounts at both providers", async () => {
	const dir = mkdtempSync(join(tmpdir(), "holm-providers-"));
	const { child, control } = await startProvidersProcess(join(dir, "providers"), "http://localhost:45678");
	try {
		const providers = loadIdentityProviders(join(dir, "providers", "identity-providers.json"));
		expect(providers.map((provider) => [provider.name, provider.kind, provider.redirectUri])).toEqual([
			["acme", "oidc", "http://localhost:45678/auth/acme/callback"],
			["github", "github", "http://localhost:45678/auth/github/callback"],
		]);
		const state = (await (await fetch(control)).json()) as { redirect_origin: string; issuer: string };
		expect(state.redirect_origin).toBe("http://localhost:45678");
		expect(providers[0]!.issuer).toBe(state.issuer);
		const made = await fetch(`${control}/accounts`, { method: "POST", body: JSON.stringify({ login: "ada", email: "ada@example.com" }) });
		expect(made.status).toBe(204);
		const refused = await fetch(`${control}/accounts`, { method: "POST", body: JSON.stringify({ login: "ada" }) });
		expect(refused.status).toBe(400);
	} finally {
		child.kill();
		await child.exited;
		rmSync(dir, { recursive: true, force: true });
	}
}, 30_000);
