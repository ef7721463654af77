// Passkeys in POST /user-imports (API.md sections 9 and 10): imported passkeys sign in, with their
// counter continuing; a malformed one fails its row; a credential id already registered is a
// conflict like a taken email. On whichever database the suite runs on.
import { describe, expect, test } from "bun:test";
import { generateId } from "../../src/lib/ids.ts";
import type { SoftAuthenticator } from "../support/passkey-authenticator.ts";
import { authenticator, register, registered, RP, signIn } from "../support/passkeys.ts";
import { createUser, serverForThisFile } from "../support/server.ts";

/** What an imported passkey may say of itself, and its listing gives back. */
const LAPTOP = {
	name: "Laptop",
	created_at: 1_600_000_000,
	last_used_at: 1_600_000_100,
	backup_eligible: true,
	backed_up: true,
	transports: ["internal", "hybrid"],
	aaguid: "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4",
};

const server = serverForThisFile({ passkeys: RP });

const ALGORITHMS = { ES256: -7, EdDSA: -8, RS256: -257 } as const;

/** A passkey of `device` in the ROW form, as another Holm's export holds it. */
function passkeyRow(device: SoftAuthenticator, fields: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		credential_id: Buffer.from(device.credentialId).toString("base64url"),
		public_key: device.publicKey.export({ type: "spki", format: "der" }).toString("base64"),
		algorithm: ALGORITHMS[device.algorithm],
		sign_count: device.signCount,
		...fields,
	};
}

async function importRows(users: unknown[], onConflict?: "error" | "skip") {
	const answer = await server.request("POST", "/user-imports", onConflict === undefined ? { users } : { users, on_conflict: onConflict });
	expect(answer.status).toBe(200);
	return answer.body as { created: number; skipped: number; failed: number; results: { index: number; status: string; user_id?: string; error?: string }[] };
}

describe("imported passkeys", () => {
	test("passkeys of each algorithm are stored as given and sign in, the counter continuing from the imported one", async () => {
		// The first is a synced passkey, as its row says (backup_eligible): sign-in compares the flag with the stored one.
		const devices = [authenticator("ES256", { backupEligible: true, backedUp: true }), authenticator("EdDSA"), authenticator("RS256")];
		devices[0]!.signCount = 41;
		const id = generateId();
		const passkeyId = generateId();
		const answer = await importRows([
			{
				id,
				passkey_user_handle: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url"),
				passkeys: [
					passkeyRow(devices[0]!, { id: passkeyId, ...LAPTOP }),
					passkeyRow(devices[1]!),
					passkeyRow(devices[2]!),
				],
			},
		]);
		expect(answer.results).toEqual([{ index: 0, status: "created", user_id: id }]);
		const listed = await server.request("GET", `/users/${id}/passkeys`);
		expect(listed.body).toHaveLength(3);
		expect(listed.body[0]).toEqual({ id: passkeyId, user_id: id, ...LAPTOP });
		for (const device of devices) {
			const answer = await signIn(server, device, { userId: id });
			expect(answer.status).toBe(200);
			expect(answer.body.user.id).toBe(id);
		}
		// The ES256 device signed with 42: a copy still at 41 is a clone.
		const clone = devices[0]!.clone(40);
		expect((await signIn(server, clone, { userId: id })).body).toEqual({ error: "INVALID_CREDENTIAL" });
	});

	test("a malformed passkey fails its row with INVALID_DATA, and the other rows go in", async () => {
		const device = authenticator("ES256");
		const rsa = authenticator("RS256");
		const bad: Record<string, unknown>[] = [
			passkeyRow(device, { algorithm: -35 }),
			passkeyRow(device, { algorithm: -8 }), // an ES256 key called EdDSA: WebCrypto does not import it
			passkeyRow(rsa, { algorithm: -7 }),
			passkeyRow(device, { public_key: Buffer.from("not a key at all").toString("base64") }),
			passkeyRow(device, { public_key: "%%%" }),
			passkeyRow(device, { credential_id: Buffer.alloc(1024, 7).toString("base64url") }),
			passkeyRow(device, { credential_id: "" }),
			passkeyRow(device, { credential_id: "a+b/" }),
			passkeyRow(device, { sign_count: -1 }),
			passkeyRow(device, { sign_count: 2 ** 32 }),
			passkeyRow(device, { backed_up: true, backup_eligible: false }),
			passkeyRow(device, { name: "x".repeat(65) }),
			passkeyRow(device, { created_at: 4_000_000_000 }),
			passkeyRow(device, { aaguid: "not-a-uuid" }),
			{ public_key: passkeyRow(device).public_key, algorithm: -7, sign_count: 0 },
		];
		const rows: unknown[] = bad.map((passkey) => ({ passkeys: [passkey] }));
		rows.push({ passkeys: [passkeyRow(device), passkeyRow(device)] }); // one credential id twice
		rows.push({ passkeys: Array.from({ length: 11 }, () => passkeyRow(authenticator("EdDSA"))) });
		rows.push({ passkeys: "none" });
		rows.push({ passkey_user_handle: "a+b" });
		rows.push({ passkey_user_handle: Buffer.alloc(65, 1).toString("base64url") });
		rows.push({ passkeys: [passkeyRow(device, { credential_id: Buffer.alloc(1023, 9).toString("base64url") })] });
		const answer = await importRows(rows);
		const last = rows.length - 1;
		expect(answer.failed).toBe(last);
		for (const result of answer.results.slice(0, last)) expect(result).toEqual({ index: result.index, status: "failed", error: "INVALID_DATA" });
		expect(answer.results[last]!.status).toBe("created");
	});

	test("an imported credential id already registered, by a registration: error fails the row, skip names its holder", async () => {
		const device = authenticator("ES256");
		const holder = await createUser(server);
		await registered(server, holder.id, device);
		const row = { email: `taken-passkey-${generateId()}@example.com`, passkeys: [passkeyRow(authenticator("EdDSA")), passkeyRow(device)] };
		expect((await importRows([row])).results).toEqual([{ index: 0, status: "failed", error: "PASSKEY_ALREADY_REGISTERED" }]);
		expect((await importRows([row], "skip")).results).toEqual([{ index: 0, status: "skipped", user_id: holder.id }]);
		// Nothing of the row went in: its other passkey is free to import.
		const again = await importRows([{ passkeys: [row.passkeys[0]] }]);
		expect(again.created).toBe(1);
	});

	test("within one request, the first row with a credential id wins", async () => {
		const device = authenticator("EdDSA");
		const first = generateId();
		const answer = await importRows([{ id: first, passkeys: [passkeyRow(device)] }, { passkeys: [passkeyRow(device)] }]);
		expect(answer.results).toEqual([
			{ index: 0, status: "created", user_id: first },
			{ index: 1, status: "failed", error: "PASSKEY_ALREADY_REGISTERED" },
		]);
		const skipped = await importRows([{ passkeys: [passkeyRow(device)] }], "skip");
		expect(skipped.results).toEqual([{ index: 0, status: "skipped", user_id: first }]);
	});

	test("a taken passkey id (the same export imported twice under new user ids) fails its row alone, never a 500", async () => {
		const passkeyId = generateId();
		const holder = generateId();
		expect((await importRows([{ id: holder, passkeys: [passkeyRow(authenticator("EdDSA"), { id: passkeyId })] }])).created).toBe(1);
		const plain = { email: `plain-${generateId()}@example.com` };
		const taken = { email: `taken-id-${generateId()}@example.com`, passkeys: [passkeyRow(authenticator("EdDSA"), { id: passkeyId })] };
		const answer = await importRows([plain, taken, { passkeys: [passkeyRow(authenticator("EdDSA"))] }]);
		expect(answer.results[0]!.status).toBe("created");
		expect(answer.results[1]).toEqual({ index: 1, status: "failed", error: "PASSKEY_ALREADY_REGISTERED" });
		expect(answer.results[2]!.status).toBe("created");
		expect((await importRows([taken], "skip")).results).toEqual([{ index: 0, status: "skipped", user_id: holder }]);
		// Two rows of one request with one passkey id: the first wins.
		const sharedId = generateId();
		const twice = await importRows([
			{ passkeys: [passkeyRow(authenticator("EdDSA"), { id: sharedId })] },
			{ passkeys: [passkeyRow(authenticator("EdDSA"), { id: sharedId })] },
		]);
		expect(twice.results.map((result) => result.status)).toEqual(["created", "failed"]);
		expect(twice.results[1]!.error).toBe("PASSKEY_ALREADY_REGISTERED");
	});

	test("a passkey name or transport that registration refuses fails its row alone (lone surrogates, control characters, NUL)", async () => {
		const bad = [
			{ name: "Laptop \ud800" },
			{ name: "Lap\u0000top" },
			{ name: "Lap\u001btop" },
			{ name: "   " },
			{ transports: ["internal\u0000"] },
			{ transports: [""] },
			{ transports: ["usb\ud800"] },
			{ transports: ["usb\n"] },
			{ transports: Array.from({ length: 17 }, (_, i) => `t${i}`) },
		];
		const rows: unknown[] = bad.map((fields) => ({ passkeys: [passkeyRow(authenticator("EdDSA"), fields)] }));
		rows.push({ passkeys: [passkeyRow(authenticator("EdDSA"), { name: "Téléphone 📱", transports: Array.from({ length: 16 }, (_, i) => `t${i}`) })] });
		const answer = await importRows(rows);
		expect(answer.results.slice(0, bad.length)).toEqual(bad.map((_, index) => ({ index, status: "failed", error: "INVALID_DATA" })));
		expect(answer.results[bad.length]!.status).toBe("created");
	});

	test("a passkey's created_at and last_used_at up to an hour ahead are taken as now; further ahead fails the row", async () => {
		const now = Math.floor(server.clock.now / 1000);
		const id = generateId();
		const ahead = await importRows([{ id, passkeys: [passkeyRow(authenticator("EdDSA"), { created_at: now + 3600, last_used_at: now + 3600 })] }]);
		expect(ahead.results).toEqual([{ index: 0, status: "created", user_id: id }]);
		const [listed] = (await server.request("GET", `/users/${id}/passkeys`)).body;
		expect([listed.created_at, listed.last_used_at]).toEqual([now, now]);
		const tooFar = await importRows([{ passkeys: [passkeyRow(authenticator("EdDSA"), { last_used_at: now + 3601 })] }]);
		expect(tooFar.results[0]).toEqual({ index: 0, status: "failed", error: "INVALID_DATA" });
	});

	test("a registration of an imported credential id answers PASSKEY_ALREADY_REGISTERED", async () => {
		const device = authenticator("ES256");
		expect((await importRows([{ passkeys: [passkeyRow(device)] }])).created).toBe(1);
		const other = await createUser(server);
		expect((await register(server, other.id, device)).body).toEqual({ error: "PASSKEY_ALREADY_REGISTERED" });
	});
});
