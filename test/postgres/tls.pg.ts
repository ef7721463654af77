// Attack: someone between Holm and its database (a compromised router, a spoofed name) shows a
// certificate of their own, to read every password hash and code that goes by. With
// sslmode=verify-full Holm refuses to start against a certificate that does not chain to the CA it
// was given, or that does not name the host it connects to, and says which; with require it
// encrypts without checking. A private PostgreSQL with ssl=on on 127.0.0.1, its certificate (for
// localhost only) signed by a CA made for this run with openssl. Run by `npm test` on PostgreSQL;
// skipped, saying why, on a machine without openssl.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTlsServer, type TlsPostgres } from "../support/postgres.ts";
import { PROCESS_SECRET, runHolm, serveHolm, tempDir } from "../support/server.ts";

const dir = tempDir();
let server: TlsPostgres = { url: null, reason: "not started" };

beforeAll(async () => {
	server = await startTlsServer();
	if (server.url === null) console.log(`TLS tests skipped: ${server.reason}.`);
});
afterAll(async () => {
	if (server.url !== null) await server.stop();
	rmSync(dir, { recursive: true, force: true });
});

function url(host: string, query: string): string {
	if (server.url === null) throw new Error(server.reason);
	return `${server.url.replace("localhost", host)}?${query}`;
}

async function startLine(database: string): Promise<string> {
	const secretFile = join(dir, "secret");
	writeFileSync(secretFile, PROCESS_SECRET + "\n", { mode: 0o600 });
	const holm = await serveHolm(["--database", database, "--secret-file", secretFile]);
	expect(await holm.stop()).toBe(0);
	return holm.output().split("\n").find((line) => line.includes("holm is listening")) ?? holm.output();
}

const skipWithoutOpenssl = Bun.which("openssl") === null ? test.skip : test;

skipWithoutOpenssl("verify-full with the right CA and host starts, and the start line says the connection is encrypted", async () => {
	if (server.url === null) throw new Error(server.reason);
	expect(await startLine(url("localhost", `sslmode=verify-full&sslrootcert=${server.caFile}`))).toContain('database_connection="TLS (sslmode=verify-full)"');
});

skipWithoutOpenssl("verify-full refuses a certificate from another CA, saying so", () => {
	if (server.url === null) throw new Error(server.reason);
	const refused = runHolm(["migrate", "--database", url("localhost", `sslmode=verify-full&sslrootcert=${server.otherCaFile}`)]);
	expect(refused.code).toBe(1);
	expect(refused.stderr).toContain(`the server's certificate was refused (sslmode=verify-full): it does not chain to the CA in sslrootcert ${server.otherCaFile}`);
});

skipWithoutOpenssl("verify-full refuses a certificate that does not name the host, saying so; verify-ca accepts it", () => {
	if (server.url === null) throw new Error(server.reason);
	const refused = runHolm(["migrate", "--database", url("127.0.0.1", `sslmode=verify-full&sslrootcert=${server.caFile}`)]);
	expect(refused.code).toBe(1);
	expect(refused.stderr).toContain(`the server's certificate was refused (sslmode=verify-full): it does not name the host "127.0.0.1"`);
	expect(runHolm(["migrate", "--database", url("127.0.0.1", `sslmode=verify-ca&sslrootcert=${server.caFile}`)]).code).toBe(0);
});

skipWithoutOpenssl("require encrypts without checking; disable does not encrypt; no sslmode is libpq's prefer", async () => {
	if (server.url === null) throw new Error(server.reason);
	expect(await startLine(url("127.0.0.1", "sslmode=require"))).toContain('database_connection="TLS (sslmode=require)"');
	expect(await startLine(url("localhost", "sslmode=disable"))).toContain('database_connection="not encrypted (sslmode=disable)"');
	expect(await startLine(server.url)).toContain('database_connection="TLS (sslmode=prefer)"');
});

test("a misspelt sslmode or a missing sslrootcert file is refused before connecting", () => {
	const misspelt = runHolm(["migrate", "--database", "postgres://holm@db.invalid/holm?sslmode=verify_full"]);
	expect(misspelt.code).toBe(2);
	expect(misspelt.stderr).toContain('sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full (not "verify_full")');
	const missing = runHolm(["migrate", "--database", "postgres://holm@db.invalid/holm?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem"]);
	expect(missing.code).toBe(2);
	expect(missing.stderr).toContain("sslrootcert /nonexistent/ca.pem is not a file");
});
