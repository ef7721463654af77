// What every hash-form module offers: parse (every bound checked here, nothing computed) and verify
// (only ever called with what parse returned).

export type PasswordHashError = "UNSUPPORTED_PASSWORD_HASH" | "INVALID_PASSWORD_HASH";

export interface HashError {
	error: PasswordHashError;
}

export const INVALID: HashError = { error: "INVALID_PASSWORD_HASH" };
export const UNSUPPORTED: HashError = { error: "UNSUPPORTED_PASSWORD_HASH" };

export interface FormParams {
	/** The form's name, as the upgrade metric labels it ("bcrypt", "django_pbkdf2_sha256", …). */
	form: string;
}

export interface HashForm<P extends FormParams> {
	parse(hash: string): P | HashError;
	verify(password: string, params: P): Promise<boolean>;
}

export function isHashError<P extends FormParams>(parsed: P | HashError): parsed is HashError {
	return "error" in parsed;
}
