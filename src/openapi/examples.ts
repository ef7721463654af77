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
const TOTP_CREDENTIAL = { user_id: USER_ID, created_at: CREATED_AT, key: TOTP_KEY };

export interface Example {
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

	verifyPassword: { request: { password: PASSWORD, client_ip: CLIENT_IP } },
	updatePassword: { request: { password: PASSWORD, new_password: NEW_PASSWORD, client_ip: CLIENT_IP } },
	authenticateWithPassword: { request: { email: "Cat@Example.com", password: PASSWORD, client_ip: CLIENT_IP }, answer: USER },

	createPasswordResetRequest: { request: { client_ip: CLIENT_IP }, answer: { ...PASSWORD_RESET_REQUEST, code: "V3XVZYXW" } },
	listUserPasswordResetRequests: { answer: [PASSWORD_RESET_REQUEST] },
	getPasswordResetRequest: { answer: PASSWORD_RESET_REQUEST },
	verifyPasswordResetRequestEmail: { request: { code: "v3xvzyxw", client_ip: CLIENT_IP } },
	resetPassword: { request: { request_id: PASSWORD_RESET_REQUEST.id, password: NEW_PASSWORD, client_ip: CLIENT_IP } },

	createEmailVerificationRequest: { request: { client_ip: CLIENT_IP }, answer: EMAIL_VERIFICATION_REQUEST },
	getEmailVerificationRequest: { answer: EMAIL_VERIFICATION_REQUEST },
	verifyEmail: { request: { code: EMAIL_VERIFICATION_REQUEST.code } },

	createEmailUpdateRequest: { request: { email: EMAIL_UPDATE_REQUEST.email, client_ip: CLIENT_IP }, answer: EMAIL_UPDATE_REQUEST },
	listUserEmailUpdateRequests: { answer: [EMAIL_UPDATE_REQUEST] },
	getEmailUpdateRequest: { answer: EMAIL_UPDATE_REQUEST },
	verifyNewEmail: { request: { request_id: EMAIL_UPDATE_REQUEST.id, code: EMAIL_UPDATE_REQUEST.code }, answer: { email: EMAIL_UPDATE_REQUEST.email } },

	registerTotp: { request: { key: TOTP_KEY, code: "492039" }, answer: TOTP_CREDENTIAL },
	getTotpCredential: { answer: TOTP_CREDENTIAL },
	verifyTotp: { request: { code: "118315" } },
	regenerateRecoveryCode: { request: {}, answer: { recovery_code: "EVCSADKF" } },
	resetTwoFactor: { request: { recovery_code: USER.recovery_code }, answer: { recovery_code: "P626KJLY" } },

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
