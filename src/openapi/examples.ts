// The values the endpoints' examples are made of (each endpoint's `examples` in its feature's
// handlers.ts): one user, her sessions and what several features show of her, so that docs/api.md
// tells one story. A value that only one feature shows is declared in that feature's handlers.ts.
// The lint in test/openapi/openapi.test.ts checks every example against its schema.
export const USER_ID = "eeidmqmvdtjhaddujv8twjug";
export const CREATED_AT = 1728783738;
export const EXPIRES_AT = CREATED_AT + 600;

/** A request of USER_ID's made at CREATED_AT for its 10 minutes, with its own id and `fields`. */
export function requestExample<F extends Record<string, unknown>>(id: string, fields: F) {
	return { id, user_id: USER_ID, created_at: CREATED_AT, expires_at: EXPIRES_AT, ...fields };
}
export const CLIENT_IP = "203.0.113.7";
export const PASSWORD = "tabby-kettle-orbit-91";
export const NEW_PASSWORD = "lantern-quince-harbor-27";
export const TOTP_KEY = "yAJAlsS3YKRnUpvuQxqFvAv6bpw=";
export const USER = {
	id: USER_ID,
	created_at: CREATED_AT,
	email: "cat@example.com",
	email_verified: false,
	registered_totp: false,
	totp_registered: false,
	recovery_code: "4UHZRTWP",
	password_leaked: false,
	password_set: true,
	disabled: false,
	disabled_until: null,
};
export const SESSION_ID = "q7kd2mzx9rbwtn4fhv3cy8ps";

// One passkey, registered and then used to sign in (the ceremonies and credentials are in
// features/passkeys/handlers.ts: what a real ES256 platform authenticator's PublicKeyCredential.toJSON()
// gives for those very options, its signature checking out); user imports show it too.
export const PASSKEY_REGISTERED_AT = CREATED_AT + 20;
export const USER_HANDLE = "kK0vF0r2XPX8rDwD3qxQ5mZ9Yj2uA8oCz7TQbO1Hh4E";
export const CREDENTIAL_ID = "0MqlP5hUEaVQZ6pcneK9zbs7AAo";
export const PASSKEY = {
	id: "h7cw2n4kpq9xrzt3mbd8vjfe",
	user_id: USER_ID,
	name: "My iPhone",
	created_at: PASSKEY_REGISTERED_AT,
	last_used_at: null,
	backup_eligible: true,
	backed_up: true,
	transports: ["hybrid", "internal"],
	aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd",
};
