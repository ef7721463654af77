// The example of each operation's request body and success answer, by operationId: the ones
// docs/api.md shows, one user and her requests throughout. The lint in test/openapi.test.ts checks
// each against its schema, and that every operation with a body or a JSON answer has one here.

const USER_ID = "eeidmqmvdtjhaddujv8twjug";
const CREATED_AT = 1728783738;
const EXPIRES_AT = CREATED_AT + 600;
const CLIENT_IP = "203.0.113.7";
const PASSWORD = "tabby-kettle-orbit-91";
const NEW_PASSWORD = "lantern-quince-harbor-27";
const TOTP_KEY = "yAJAlsS3YKRnUpvuQxqFvAv6bpw=";

const USER = {
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
const PASSWORD_RESET_REQUEST = {
	id: "xkmtyqnsfd5w7hbq2g9cp6ra",
	user_id: USER_ID,
	created_at: CREATED_AT,
	expires_at: EXPIRES_AT,
	email_verified: false,
};
const EMAIL_VERIFICATION_REQUEST = { user_id: USER_ID, created_at: CREATED_AT, expires_at: EXPIRES_AT, code: "LC5LZV7H" };
const EMAIL_UPDATE_REQUEST = {
	id: "p3hw8rvmz6dqkc2tyn4bsfxe",
	user_id: USER_ID,
	created_at: CREATED_AT,
	expires_at: EXPIRES_AT,
	email: "kitten@example.com",
	code: "9U6UE4HG",
};
const EMAIL_SIGN_IN_REQUEST = {
	id: "w7dn3kqzcx9m4rbt2hpv6fsj",
	user_id: USER_ID,
	email: "cat@example.com",
	created_at: CREATED_AT,
	expires_at: EXPIRES_AT,
};
const TOTP_CREDENTIAL = { user_id: USER_ID, created_at: CREATED_AT, key: TOTP_KEY };
const SESSION_ID = "q7kd2mzx9rbwtn4fhv3cy8ps";
const SESSION = {
	id: SESSION_ID,
	user_id: USER_ID,
	created_at: CREATED_AT,
	last_used_at: CREATED_AT + 3600,
	expires_at: CREATED_AT + 3600 + 7 * 86_400,
	client_ip: CLIENT_IP,
	user_agent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
	second_factor_verified_at: null,
	new_device: false,
};
const SESSION_TOKEN = `${SESSION_ID}.h3k9xq2wzr7mtpvb5ncd8fy4ges6ja2uqr9kwt3x`;
// A sign-in with Google: the request, the callback relayed, the identity it led to.
const EXTERNAL_SIGN_IN_ID = "m4tq8wzk2xhd7cnp3bvr9fjy";
const EXTERNAL_STATE = "3a0GkY8PjHp6sV2nXq9RcW4tL7mZbD1uFe5yKoNiTgA";
const IDENTITY = {
	id: "v8kc3nqx7mwd2hzt9bpr4fjs",
	user_id: USER_ID,
	provider: "google",
	subject: "108235726501729854423",
	email: "cat@example.com",
	email_verified: true,
	created_at: CREATED_AT,
	last_sign_in_at: CREATED_AT + 3600,
};

// One passkey, registered and then used to sign in: the credentials are what a real ES256 platform
// authenticator's PublicKeyCredential.toJSON() gives for these very options (its signature checks out).
const PASSKEY_REGISTERED_AT = CREATED_AT + 20;
const PASSKEY_SIGN_IN_AT = CREATED_AT + 120;
const USER_HANDLE = "kK0vF0r2XPX8rDwD3qxQ5mZ9Yj2uA8oCz7TQbO1Hh4E";
const CREDENTIAL_ID = "0MqlP5hUEaVQZ6pcneK9zbs7AAo";
const PASSKEY_REGISTRATION = {
	id: "q4mzp7hbxk2c9tnwdj3rfv8s",
	user_id: USER_ID,
	created_at: CREATED_AT,
	expires_at: CREATED_AT + 300,
	options: {
		rp: { id: "example.com", name: "Example" },
		user: { id: USER_HANDLE, name: USER.email, displayName: USER.email },
		challenge: "7dBX0dQm8C5zJ0cQk4oG1dM4w2Jt5YQ6kqYV0p1g8bE",
		pubKeyCredParams: [
			{ type: "public-key", alg: -7 },
			{ type: "public-key", alg: -8 },
			{ type: "public-key", alg: -257 },
		],
		timeout: 300000,
		excludeCredentials: [],
		authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
		attestation: "none",
	},
};
const PASSKEY_AUTHENTICATION = {
	id: "vnd3sb5hpc7w2mzq8k4tx9ea",
	created_at: PASSKEY_SIGN_IN_AT,
	expires_at: PASSKEY_SIGN_IN_AT + 300,
	options: {
		challenge: "Q2m3pV0kYtq5s9Y3vTzJb6N8hH1aW4eR7uC0xL2dF5g",
		timeout: 300000,
		rpId: "example.com",
		allowCredentials: [],
		userVerification: "required",
	},
};
const PASSKEY = {
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
const REGISTRATION_CREDENTIAL = {
	id: CREDENTIAL_ID,
	rawId: CREDENTIAL_ID,
	type: "public-key",
	response: {
		clientDataJSON:
			"eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiN2RCWDBkUW04QzV6SjBjUWs0b0cxZE00dzJKdDVZUTZrcVlWMHAxZzhiRSIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
		attestationObject:
			"o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViYo3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUddAAAAAPv8MAcVTk7MjAtuAgVX170AFNDKpT-YVBGlUGeqXJ3ivc27OwAKpQECAyYgASFYIN9_Sb0f43hFJapkN-5oSldgzamlEh223VM_e6LzZR3RIlggw0-YY7bK9oiA5Vzu1Ox8wkxGNpkwUaySP-7OUZAHeHE",
		transports: ["hybrid", "internal"],
	},
};
const AUTHENTICATION_CREDENTIAL = {
	id: CREDENTIAL_ID,
	rawId: CREDENTIAL_ID,
	type: "public-key",
	response: {
		clientDataJSON:
			"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiUTJtM3BWMGtZdHE1czlZM3ZUekpiNk44aEgxYVc0ZVI3dUMweEwyZEY1ZyIsIm9yaWdpbiI6Imh0dHBzOi8vZXhhbXBsZS5jb20iLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
		authenticatorData: "o3mm9u6vuaVeN4wRgDTidR5oL6ufLTCrE9ISVYbOGUcdAAAAAA",
		signature: "MEUCIQD-rVEHECzxZ00GV3FN09_CxlS8fSBYc5S3boPLNzNfGgIgXJySXHjZosCQ_tLQrEsOzksqSt5lbl7a8YlJJr1cM0E",
		userHandle: USER_HANDLE,
	},
};

// Events: what the feed shows of her, in order (the cursor is SQLite's; PostgreSQL's reads "xid.seq").
const EVENT_CREATED = { id: "q3n7ttd2k5xw9cz8mbh4pvra", time: CREATED_AT, type: "user_created", user_id: USER_ID, client_ip: null, data: {} };
const EVENT_SIGN_IN_FAILED = {
	id: "c8wzp2tkf6mhd9xq4vnr3bsa",
	time: CREATED_AT + 60,
	type: "sign_in_failed",
	user_id: USER_ID,
	client_ip: "v4:203.0.113.7",
	data: { method: "password" },
};

interface Example {
	/** The request body. */
	request?: unknown;
	/** The success answer's body (none for a 204). */
	answer?: unknown;
}

export const EXAMPLES: Record<string, Example> = {
	getHealth: { answer: { status: "ok" } },

	createUser: { request: { email: "cat@example.com", password: PASSWORD, client_ip: CLIENT_IP }, answer: USER },
	listUsers: { answer: [USER] },
	getUser: { answer: USER },
	disableUser: {
		request: { reason: "Chargeback dispute #4411; see the ticket", until: CREATED_AT + 14 * 86_400 },
		answer: { ...USER, disabled: true, disabled_until: CREATED_AT + 14 * 86_400 },
	},
	enableUser: { request: {}, answer: USER },

	verifyPassword: { request: { password: PASSWORD, client_ip: CLIENT_IP } },
	updatePassword: { request: { password: PASSWORD, new_password: NEW_PASSWORD, client_ip: CLIENT_IP, session_id: SESSION_ID } },
	authenticateWithPassword: { request: { email: "Cat@Example.com", password: PASSWORD, client_ip: CLIENT_IP }, answer: USER },

	createPasswordResetRequest: { request: { client_ip: CLIENT_IP }, answer: { ...PASSWORD_RESET_REQUEST, code: "V3XVZYXW" } },
	listUserPasswordResetRequests: { answer: [PASSWORD_RESET_REQUEST] },
	getPasswordResetRequest: { answer: PASSWORD_RESET_REQUEST },
	verifyPasswordResetRequestEmail: { request: { code: "v3xvzyxw", client_ip: CLIENT_IP } },
	resetPassword: { request: { request_id: PASSWORD_RESET_REQUEST.id, password: NEW_PASSWORD, client_ip: CLIENT_IP } },

	createEmailSignIn: { request: { email: "Cat@Example.com", client_ip: CLIENT_IP }, answer: { ...EMAIL_SIGN_IN_REQUEST, code: "K7QMWD3R" } },
	getEmailSignIn: { answer: EMAIL_SIGN_IN_REQUEST },
	verifyEmailSignIn: {
		request: { code: "k7qmwd3r", client_ip: CLIENT_IP, create_user: true },
		answer: { user: { ...USER, email_verified: true }, created: false, claimed: false },
	},

	createEmailVerificationRequest: { request: { client_ip: CLIENT_IP }, answer: EMAIL_VERIFICATION_REQUEST },
	getEmailVerificationRequest: { answer: EMAIL_VERIFICATION_REQUEST },
	verifyEmail: { request: { code: EMAIL_VERIFICATION_REQUEST.code } },

	createEmailUpdateRequest: { request: { email: EMAIL_UPDATE_REQUEST.email, client_ip: CLIENT_IP }, answer: EMAIL_UPDATE_REQUEST },
	listUserEmailUpdateRequests: { answer: [EMAIL_UPDATE_REQUEST] },
	getEmailUpdateRequest: { answer: EMAIL_UPDATE_REQUEST },
	verifyNewEmail: { request: { request_id: EMAIL_UPDATE_REQUEST.id, code: EMAIL_UPDATE_REQUEST.code, session_id: SESSION_ID }, answer: { email: EMAIL_UPDATE_REQUEST.email } },

	registerTotp: { request: { key: TOTP_KEY, code: "492039" }, answer: TOTP_CREDENTIAL },
	getTotpCredential: { answer: TOTP_CREDENTIAL },
	verifyTotp: { request: { code: "118315", session_id: SESSION_ID } },
	regenerateRecoveryCode: { request: {}, answer: { recovery_code: "EVCSADKF" } },
	resetTwoFactor: { request: { recovery_code: USER.recovery_code, session_id: SESSION_ID }, answer: { recovery_code: "P626KJLY" } },

	startPasskeyRegistration: { request: { client_ip: CLIENT_IP }, answer: PASSKEY_REGISTRATION },
	verifyPasskeyRegistration: { request: { credential: REGISTRATION_CREDENTIAL, name: PASSKEY.name, client_ip: CLIENT_IP }, answer: PASSKEY },
	startPasskeyAuthentication: { request: { client_ip: CLIENT_IP }, answer: PASSKEY_AUTHENTICATION },
	verifyPasskeyAuthentication: {
		request: { credential: AUTHENTICATION_CREDENTIAL, client_ip: CLIENT_IP },
		answer: { user: USER, passkey: { ...PASSKEY, last_used_at: PASSKEY_SIGN_IN_AT + 5 } },
	},
	listUserPasskeys: { answer: [PASSKEY] },
	getPasskey: { answer: PASSKEY },

	listEvents: { answer: { events: [EVENT_CREATED], next: "5291" } },
	listUserEvents: { answer: { events: [EVENT_SIGN_IN_FAILED], next: "5307" } },
	unblockUser: { request: {} },

	createSession: {
		request: { client_ip: CLIENT_IP, user_agent: SESSION.user_agent, second_factor_verified: false },
		answer: { session: { ...SESSION, last_used_at: CREATED_AT, expires_at: CREATED_AT + 7 * 86_400 }, token: SESSION_TOKEN },
	},
	listUserSessions: { answer: [SESSION] },
	validateSession: { request: { token: SESSION_TOKEN }, answer: { session: SESSION, user: USER } },
	getSession: { answer: SESSION },

	listIdentityProviders: {
		answer: [
			{ name: "google", kind: "oidc" },
			{ name: "github", kind: "github" },
		],
	},
	startExternalSignIn: {
		request: { provider: "google", client_ip: CLIENT_IP },
		answer: {
			id: EXTERNAL_SIGN_IN_ID,
			provider: "google",
			authorization_url:
				"https://accounts.google.com/o/oauth2/v2/auth?client_id=4048-example.apps.googleusercontent.com&response_type=code" +
				"&redirect_uri=https%3A%2F%2Fexample.com%2Fauth%2Fgoogle%2Fcallback&scope=openid+email+profile" +
				`&state=${EXTERNAL_STATE}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256` +
				"&nonce=n-0S6_WzA2Mj4b9qXcZ7uH1kLp",
			expires_at: EXPIRES_AT,
		},
	},
	verifyExternalSignIn: {
		request: { state: EXTERNAL_STATE, code: "4/0AVMBsJg7kQ2xexample", iss: "https://accounts.google.com", client_ip: CLIENT_IP, create_user: true },
		answer: {
			outcome: "signed_in",
			user: { ...USER, email_verified: true },
			identity: IDENTITY,
			email: "cat@example.com",
			email_verified: true,
			provider_tokens: { access_token: "ya29.a0AfB_example", expires_at: CREATED_AT + 3600 + 3599 },
		},
	},
	linkExternalSignIn: {
		request: { user_id: USER_ID, client_ip: CLIENT_IP },
		answer: { outcome: "linked", user: { ...USER, email_verified: true }, identity: IDENTITY },
	},
	listUserIdentities: { answer: [IDENTITY] },

	importUsers: {
		request: {
			on_conflict: "skip",
			users: [
				{
					id: USER_ID,
					email: "cat@example.com",
					email_verified: true,
					created_at: CREATED_AT,
					password_hash: "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
					totp_key: TOTP_KEY,
					recovery_code: USER.recovery_code,
					passkey_user_handle: USER_HANDLE,
					passkeys: [
						{
							id: PASSKEY.id,
							credential_id: CREDENTIAL_ID,
							public_key: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8OuqkXHQBBCEY6Z0fwJ3r9xYenzJKalgjDdZUjVApFqIcFUAvJZHu3N0MbF02abYnLP7iOpl0nlITTQIhomciQ==",
							algorithm: -7,
							sign_count: 0,
							name: PASSKEY.name,
							created_at: PASSKEY.created_at,
							last_used_at: null,
							backup_eligible: true,
							backed_up: true,
							transports: PASSKEY.transports,
							aaguid: PASSKEY.aaguid,
						},
					],
				},
				{ email: "dog@example.com" },
			],
		},
		answer: {
			created: 1,
			skipped: 1,
			failed: 0,
			results: [
				{ index: 0, status: "skipped", user_id: USER_ID },
				{ index: 1, status: "created", user_id: "q3nb7x9kd2mfw5hz8tcv4pyr" },
			],
		},
	},

	getOpenApi: { answer: { openapi: "3.1.1", info: { title: "Holm", version: "0.1.0" }, paths: {} } },
	getMetrics: {
		answer:
			"# HELP holm_password_hashing_running Argon2id hashes and verifications running now.\n" +
			"# TYPE holm_password_hashing_running gauge\n" +
			"holm_password_hashing_running 0\n",
	},
};
