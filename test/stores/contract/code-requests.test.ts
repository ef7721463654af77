// The contract every one-time-code request table keeps (src/features/code-requests-store.ts): a
// password reset, an email verification, an email update and an email sign-in request alike, on
// SQLite and PostgreSQL alike. A request is live while the store's clock is before its expiry and
// invisible after; attempts are counted in the step that hands out the code, so parallel guesses
// never get more than the limit between them.
import { describe, expect, test } from "bun:test";
import type { CodeRequestStore } from "../../../src/features/code-requests-store.ts";
import { generateCode, generateId } from "../../../src/lib/ids.ts";
import type { Stores } from "../../../src/stores/index.ts";
import { at, bytes, contract, event, eventsOf, insertUser, KIND, randomBytes, SECOND, together, type Under } from "./harness.ts";

interface Table {
	name: string;
	/** The verbs, as the interface has them (an email sign-in has no list or delete by user). */
	verbs(stores: Stores): Pick<CodeRequestStore<unknown, unknown>, "get" | "delete" | "takeCodeAttempt" | "deleteAfterLastAttempt" | "deleteExpired"> &
		Partial<Pick<CodeRequestStore<unknown, unknown>, "listForUser" | "deleteForUser">>;
	/** Stores a request of `userId` made at `createdAt` (the store stamps it by its clock, set there
	 *  for the insert), live until `expiresAt`: its key and its code as stored. */
	insert(under: Under, userId: string, createdAt: number, expiresAt: number): Promise<{ key: string; code: unknown }>;
}

const TABLES: Table[] = [
	{
		name: "password reset",
		verbs: (stores) => stores.passwordResets,
		async insert(under, userId, createdAt, expiresAt) {
			const id = generateId();
			const codeHash = randomBytes();
			expect(await at(under, createdAt, () => under.stores.passwordResets.insert({ id, userId, emailVerified: false, codeHash }, expiresAt - createdAt))).toEqual({ createdAt, expiresAt });
			return { key: id, code: codeHash };
		},
	},
	{
		name: "email verification",
		verbs: (stores) => stores.emailVerifications,
		async insert(under, userId, createdAt, expiresAt) {
			const code = generateCode();
			expect(await at(under, createdAt, () => under.stores.emailVerifications.replace({ userId, code }, expiresAt - createdAt))).toEqual({ createdAt, expiresAt });
			return { key: userId, code };
		},
	},
	{
		name: "email update",
		verbs: (stores) => stores.emailUpdates,
		async insert(under, userId, createdAt, expiresAt) {
			const id = generateId();
			const code = generateCode();
			expect(await at(under, createdAt, () => under.stores.emailUpdates.insert({ id, userId, email: `new-${generateId().toLowerCase()}@example.com`, code }, expiresAt - createdAt))).toEqual({ createdAt, expiresAt });
			return { key: id, code };
		},
	},
	{
		name: "email sign-in",
		verbs: (stores) => stores.emailSignIns,
		async insert(under, userId, createdAt, expiresAt) {
			const id = generateId();
			const codeHash = randomBytes();
			const email = (await under.stores.users.get(userId))!.email!;
			expect(await at(under, createdAt, () => under.stores.emailSignIns.replace({ id, userId, email, codeHash }, expiresAt - createdAt))).toEqual({ createdAt, expiresAt });
			return { key: id, code: codeHash };
		},
	},
];

/** A code as stored (bytes come back as a Buffer from PostgreSQL). */
const asStored = (code: unknown) => (code instanceof Uint8Array ? bytes(code) : code);

contract("Code requests", {}, (under) => {
	for (const table of TABLES) {
		describe(table.name, () => {
			const verbs = () => table.verbs(under.stores);

			test("get: a request is live until the store's clock reaches its expiry, then invisible to every verb", async () => {
				const user = await insertUser(under);
				const now = under.seconds();
				const { key, code } = await table.insert(under, user.id, now, now + 600);
				expect(await verbs().get(key)).toMatchObject({ createdAt: now, expiresAt: now + 600 });
				under.clock.advance(599 * SECOND);
				expect(await verbs().get(key)).not.toBeNull();
				expect(await verbs().takeCodeAttempt(key, 5)).toMatchObject({ attempts: 1, userId: user.id });
				under.clock.advance(SECOND);
				expect(await verbs().get(key)).toBeNull();
				expect(await verbs().takeCodeAttempt(key, 5)).toBeNull();
				expect(await verbs().delete(key)).toBe(false);
				if (verbs().listForUser) expect(await verbs().listForUser!(user.id)).toEqual([]);
				expect(code).toBeDefined();
				expect(await verbs().get(generateId())).toBeNull();
			});

			test("takeCodeAttempt counts each attempt and hands out the code and its user until the limit", async () => {
				const user = await insertUser(under);
				const now = under.seconds();
				const { key, code } = await table.insert(under, user.id, now, now + 600);
				for (let attempt = 1; attempt <= 3; attempt++) {
					const taken = await verbs().takeCodeAttempt(key, 3);
					expect(taken).not.toBeNull();
					expect({ ...taken!, code: asStored(taken!.code) }).toEqual({ code: asStored(code), attempts: attempt, userId: user.id });
				}
				expect(await verbs().takeCodeAttempt(key, 3)).toBeNull();
				// A higher limit (a setting changed since) counts on from where it was.
				expect((await verbs().takeCodeAttempt(key, 5))?.attempts).toBe(4);
				expect(await verbs().takeCodeAttempt(generateId(), 5)).toBeNull();
			});

			test("takeCodeAttempt: parallel guesses never get more attempts than the limit between them", async () => {
				const user = await insertUser(under);
				const now = under.seconds();
				const { key } = await table.insert(under, user.id, now, now + 600);
				const taken = await together(20, () => verbs().takeCodeAttempt(key, 5));
				const attempts = taken.filter((t) => t !== null).map((t) => t!.attempts);
				expect(attempts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
			});

			test("deleteAfterLastAttempt deletes the request and stores its event in one step", async () => {
				const user = await insertUser(under);
				const now = under.seconds();
				const { key } = await table.insert(under, user.id, now, now + 600);
				const deleted = event(under, "request_deleted_after_incorrect_codes", user.id, { request: table.name });
				await verbs().deleteAfterLastAttempt(key, deleted);
				expect(await verbs().get(key)).toBeNull();
				expect((await eventsOf(under, user.id)).at(-1)).toEqual(deleted);
			});

			test("delete: a live request, once, whichever of parallel calls gets there", async () => {
				const user = await insertUser(under);
				const now = under.seconds();
				const { key } = await table.insert(under, user.id, now, now + 600);
				const outcomes = await together(5, () => verbs().delete(key));
				expect(outcomes.filter(Boolean)).toHaveLength(1);
				expect(await verbs().get(key)).toBeNull();
				expect(await verbs().delete(generateId())).toBe(false);
			});

			test("deleteExpired deletes what expired at the time given, and nothing live", async () => {
				const user = await insertUser(under);
				const other = await insertUser(under);
				const now = under.seconds();
				const early = await table.insert(under, user.id, now, now + 60);
				const late = await table.insert(under, other.id, now, now + 600);
				await verbs().deleteExpired(now + 59);
				expect(await verbs().get(early.key)).not.toBeNull();
				await verbs().deleteExpired(now + 60);
				under.clock.advance(-3600 * SECOND); // the rows are gone, not merely expired
				expect(await verbs().get(early.key)).toBeNull();
				expect(await verbs().get(late.key)).not.toBeNull();
				under.clock.advance(3600 * SECOND);
			});

			test("a request goes with its user", async () => {
				const user = await insertUser(under);
				const now = under.seconds();
				const { key } = await table.insert(under, user.id, now, now + 600);
				const ended = { keep: null, event: event(under, "sessions_ended", user.id, { reason: "user_deleted" }), now, settings: { idleTimeoutSeconds: 1, lifetimeSeconds: 1, perUser: 1 } };
				await under.stores.users.delete(user.id, event(under, "user_deleted", user.id), ended);
				expect(await verbs().get(key)).toBeNull();
			});

			if (table.name !== "email sign-in") {
				test("listForUser: the user's live requests, oldest first; deleteForUser deletes them all", async () => {
					const user = await insertUser(under);
					const other = await insertUser(under);
					const now = under.seconds();
					const first = await table.insert(under, user.id, now - 10, now + 600);
					const expired = await table.insert(under, (await insertUser(under)).id, now - 700, now - 100);
					await table.insert(under, other.id, now, now + 600);
					const listed = await verbs().listForUser!(user.id);
					expect(listed).toHaveLength(1);
					expect(listed[0]).toMatchObject({ createdAt: now - 10, expiresAt: now + 600, userId: user.id });
					expect(await verbs().get(expired.key)).toBeNull();
					if (table.name !== "email verification") {
						const second = await table.insert(under, user.id, now - 5, now + 600);
						const both = await verbs().listForUser!(user.id);
						expect(both.map((r) => (r as { id: string }).id)).toEqual([first.key, second.key]);
					}
					await verbs().deleteForUser!(user.id);
					expect(await verbs().listForUser!(user.id)).toEqual([]);
					expect(await verbs().get(first.key)).toBeNull();
					expect(await verbs().listForUser!(other.id)).toHaveLength(1);
				});
			}

			if (KIND === "postgres") {
				test("PostgreSQL: expiry is judged by the database server's clock, not an instance's", async () => {
					const real = await under.another({ clock: "database" });
					const user = await insertUser(under);
					const other = await insertUser(under);
					const serverNow = Math.floor(Date.now() / 1000);
					const live = await table.insert(under, user.id, serverNow - 60, serverNow + 600);
					const gone = await table.insert(under, other.id, serverNow - 700, serverNow - 5);
					const verbsOf = table.verbs(real.stores);
					expect(await verbsOf.get(live.key)).not.toBeNull();
					expect(await verbsOf.get(gone.key)).toBeNull();
					expect(await verbsOf.takeCodeAttempt(gone.key, 5)).toBeNull();
					expect((await verbsOf.takeCodeAttempt(live.key, 5))?.attempts).toBe(1);
					// The sweep reads the server's time too: a far-ahead instance deletes nothing live.
					await real.storage.sweep(Date.now() + 365 * 86_400_000);
					expect(await verbsOf.get(live.key)).not.toBeNull();
					expect(await under.rows(`SELECT 1 FROM ${table.name === "email verification" ? "email_verification_request WHERE user_id" : `${table.name.replace(/[ -]/g, "_")}_request WHERE id`} = ?`, gone.key)).toEqual([]);
				});
			}
		});
	}
});
