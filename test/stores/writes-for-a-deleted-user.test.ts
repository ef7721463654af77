// Every store verb that writes a row belonging to a user says NO_USER, rather than throwing, when
// the user is gone (the foreign key refuses the row), on the database the tests run on. Over HTTP
// the race needs the deletion to land between the call's lookup and its write, which on SQLite
// (one connection, no await in between) does not happen today; here the verbs are asked directly.
import { expect, test } from "bun:test";
import { newEvent } from "../../src/features/events/actions.ts";
import { feedSettled } from "../support/events-flow.ts";
import { createUser, serverForThisFile } from "../support/server.ts";

const server = serverForThisFile();

async function deletedUserId(): Promise<string> {
	const user = await createUser(server);
	expect((await server.request("DELETE", `/users/${user.id}`)).status).toBe(204);
	return user.id;
}

test("a reset, verification or update request, or a TOTP credential, for a deleted user is NO_USER", async () => {
	const stores = server.ctx.stores;
	const userId = await deletedUserId();
	const now = Math.floor(server.clock.now / 1000);
	expect(await stores.passwordResets.insert({ id: "a".repeat(24), userId, emailVerified: false, codeHash: new Uint8Array(32) }, 600)).toBe("NO_USER");
	expect(await stores.emailVerifications.replace({ userId, code: "ABCDEFGH" }, 600)).toBe("NO_USER");
	expect(await stores.emailUpdates.insert({ id: "b".repeat(24), userId, email: "new@example.com", code: "ABCDEFGH" }, 600)).toBe("NO_USER");
	const registered = newEvent(server.ctx, "totp_registered", { userId });
	expect(await stores.twoFactor.replaceCredential({ userId, createdAt: now, key: new Uint8Array(20) }, 1, registered)).toBe("NO_USER");
	expect(await stores.twoFactor.setRecoveryCode(userId, "ABCDEFGH", newEvent(server.ctx, "recovery_code_regenerated", { userId }))).toBe(false);
	// Nothing was written, so nothing is told: the user's last event is their deletion.
	await feedSettled(server);
	const history = await stores.events.list({ after: null, userId, types: [], limit: 100 });
	expect(history !== "INVALID_CURSOR" && history.events.map((event) => event.type)).toEqual(["user_created", "user_deleted"]);
});

test("for a user who is there, the same writes are stored", async () => {
	const stores = server.ctx.stores;
	const userId = (await createUser(server)).id;
	const now = Math.floor(server.clock.now / 1000);
	const times = { createdAt: now, expiresAt: now + 600 };
	expect(await stores.passwordResets.insert({ id: "c".repeat(24), userId, emailVerified: false, codeHash: new Uint8Array(32) }, 600)).toEqual(times);
	expect(await stores.emailVerifications.replace({ userId, code: "ABCDEFGH" }, 600)).toEqual(times);
	expect(await stores.emailUpdates.insert({ id: "d".repeat(24), userId, email: "newer@example.com", code: "ABCDEFGH" }, 600)).toEqual(times);
	expect(await stores.twoFactor.replaceCredential({ userId, createdAt: now, key: new Uint8Array(20) }, 1, newEvent(server.ctx, "totp_registered", { userId }))).toBe("STORED");
});
