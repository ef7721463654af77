// Passkey ceremonies through the API, with the software authenticator in the browser's place and
// the test in the application backend's: it asks Holm for options, hands them to the
// authenticator, and relays the answer back.
import type { PasskeyConfig } from "../../src/config.ts";
import { SoftAuthenticator, type Algorithm, type AuthenticatorOptions, type Bend } from "./passkey-authenticator.ts";
import type { Answer, TestServer } from "./server.ts";

export const RP: PasskeyConfig = {
	rpId: "example.com",
	rpName: "Example",
	origins: ["https://example.com", "https://app.example.com"],
	userVerification: "required",
};

export function authenticator(algorithm: Algorithm = "ES256", options: Partial<AuthenticatorOptions> = {}): SoftAuthenticator {
	return new SoftAuthenticator(algorithm, { origin: RP.origins[0]!, ...options });
}

/** Starts a registration for `userId` and returns its answer (options included). */
export async function startRegistration(server: TestServer, userId: string, body: Record<string, unknown> = {}): Promise<Answer> {
	return server.request("POST", `/users/${userId}/passkey-registrations`, body);
}

/** A whole registration: start, the authenticator's answer (bent as asked), verify. */
export async function register(server: TestServer, userId: string, device: SoftAuthenticator, bend: Bend = {}, name?: string): Promise<Answer> {
	const started = await startRegistration(server, userId);
	if (started.status !== 200) throw new Error(`starting a registration answered ${started.status} ${JSON.stringify(started.body)}`);
	const credential = device.register(started.body.options, bend);
	return server.request("POST", `/passkey-registrations/${started.body.id}/verify`, name === undefined ? { credential } : { credential, name });
}

/** Registers and fails the test unless it worked; the passkey's JSON. */
export async function registered(server: TestServer, userId: string, device: SoftAuthenticator): Promise<any> {
	const answer = await register(server, userId, device);
	if (answer.status !== 200) throw new Error(`registering answered ${answer.status} ${JSON.stringify(answer.body)}`);
	return answer.body;
}

export async function startSignIn(server: TestServer, body: Record<string, unknown> = {}): Promise<Answer> {
	return server.request("POST", "/passkey-authentications", body);
}

/** A whole sign-in: start (naming `userId` when given), the authenticator's assertion, verify. */
export async function signIn(
	server: TestServer,
	device: SoftAuthenticator,
	options: { userId?: string; clientIp?: string; bend?: Bend } = {},
): Promise<Answer> {
	const started = await startSignIn(server, options.userId === undefined ? {} : { user_id: options.userId });
	if (started.status !== 200) throw new Error(`starting a sign-in answered ${started.status} ${JSON.stringify(started.body)}`);
	const credential = device.assert(started.body.options, options.bend);
	const body: Record<string, unknown> = { credential };
	if (options.clientIp !== undefined) body.client_ip = options.clientIp;
	return server.request("POST", `/passkey-authentications/${started.body.id}/verify`, body);
}
