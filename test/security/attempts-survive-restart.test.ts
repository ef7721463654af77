// Attack: make four wrong guesses at a reset code, get the server restarted (or wait for a
// deploy), and hope the count starts over. The count lives in the database, so it does not.
import { expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createUser, startTestServer, tempDir } from "../support/server.ts";

test("the attempt count on a reset code survives a restart", async () => {
	const dir = tempDir();
	try {
		const first = await startTestServer({ dir });
		const user = await createUser(first);
		const request = (await first.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
		const wrong = request.code === "AAAAAAAA" ? "BBBBBBBB" : "AAAAAAAA";
		for (let i = 0; i < 4; i++) {
			expect((await first.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: wrong })).body.error).toBe("INCORRECT_CODE");
		}
		await first.stop();

		const second = await startTestServer({ dir });
		expect((await second.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: wrong })).body.error).toBe("INCORRECT_CODE");
		expect((await second.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code })).status).toBe(404);
		await second.stop();
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
