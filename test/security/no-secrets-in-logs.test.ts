// Attack: read the service's logs (shipped to a log store many people can see) to collect
// passwords, codes, the API secret, or reset request ids (a verified one resets a password).
import { expect, test } from "bun:test";
import { createUser, recordingLogger, SECRET, startTestServer, STRONG_PASSWORD } from "../support/server.ts";

test("a whole reset flow logs no password, code, secret or request id", async () => {
	const { log, lines } = recordingLogger();
	const server = await startTestServer({ log });
	try {
		const user = await createUser(server);
		const request = (await server.request("POST", `/users/${user.id}/password-reset-requests`, {})).body;
		await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: "WRONGONE" });
		await server.request("POST", `/password-reset-requests/${request.id}/verify-email`, { code: request.code });
		await server.request("POST", "/reset-password", { request_id: request.id, password: "the new secret passphrase" });
		await server.request("POST", `/users/${user.id}/verify-password`, { password: STRONG_PASSWORD });

		const all = lines.join("\n");
		expect(lines.length).toBeGreaterThan(5); // requests were logged
		for (const secret of [STRONG_PASSWORD, "the new secret passphrase", request.code, "WRONGONE", SECRET, request.id, user.recovery_code]) {
			expect(all).not.toContain(secret);
		}
	} finally {
		await server.stop();
	}
});
