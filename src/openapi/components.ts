// The zod schemas the OpenAPI document is made from, under the component names it gives them.
// Request bodies are the very schemas the handlers parse with; response models are the schemas of
// the answers declared beside them in src/features/*/schemas.ts (the same declaration makes the JSON).
import { createdSessionAnswer, createSessionBody, sessionAnswer, validatedSessionAnswer, validateSessionBody } from "../features/sessions/schemas.ts";
import { z } from "zod";
import {
	createdEmailSignInRequestAnswer,
	createEmailSignInBody,
	emailSignInAnswer,
	emailSignInRequestAnswer,
	verifyEmailSignInBody,
} from "../features/email-sign-in/schemas.ts";
import { createEmailUpdateRequestBody, emailUpdateRequestAnswer, verifiedEmailAnswer, verifyNewEmailBody } from "../features/email-update/schemas.ts";
import { createVerificationRequestBody, emailVerificationRequestAnswer, verifyEmailBody } from "../features/email-verification/schemas.ts";
import {
	createdPasswordResetRequestAnswer,
	createResetRequestBody,
	passwordResetRequestAnswer,
	resetPasswordBody,
	verifyResetEmailBody,
} from "../features/password-reset/schemas.ts";
import {
	passkeyAuthenticationAnswer,
	passkeyRegistrationAnswer,
	passkeyAnswer,
	passkeySignInAnswer,
	startAuthenticationBody,
	startRegistrationBody,
	verifyAuthenticationBody,
	verifyRegistrationBody,
} from "../features/passkeys/schemas.ts";
import { authenticateBody, updatePasswordBody, verifyPasswordBody } from "../features/passwords/schemas.ts";
import {
	recoveryCodeAnswer,
	regenerateRecoveryCodeBody,
	registerTotpBody,
	resetTwoFactorBody,
	totpCredentialAnswer,
	verifyTotpBody,
} from "../features/two-factor/schemas.ts";
import { eventPageAnswer, unblockUserBody } from "../features/events/schemas.ts";
import { userImportBodyDocument, userImportAnswer } from "../features/user-imports/schemas.ts";
import { createUserBody, disableUserBody, enableUserBody, userAnswer } from "../features/users/schemas.ts";
import { healthAnswer } from "../features/health/schemas.ts";
import {
	externalSignInAnswer,
	externalSignInRequestAnswer,
	identityAnswer,
	identityProviderAnswer,
	linkedExternalSignInAnswer,
	linkExternalSignInBody,
	startExternalSignInBody,
	verifyExternalSignInBody,
} from "../features/identity-providers/schemas.ts";

export const REQUEST_BODIES = {
	CreateUserBody: createUserBody,
	DisableUserBody: disableUserBody,
	EnableUserBody: enableUserBody,
	VerifyPasswordBody: verifyPasswordBody,
	UpdatePasswordBody: updatePasswordBody,
	AuthenticateBody: authenticateBody,
	CreatePasswordResetRequestBody: createResetRequestBody,
	VerifyPasswordResetEmailBody: verifyResetEmailBody,
	ResetPasswordBody: resetPasswordBody,
	CreateEmailSignInBody: createEmailSignInBody,
	VerifyEmailSignInBody: verifyEmailSignInBody,
	CreateEmailVerificationRequestBody: createVerificationRequestBody,
	VerifyEmailBody: verifyEmailBody,
	CreateEmailUpdateRequestBody: createEmailUpdateRequestBody,
	VerifyNewEmailBody: verifyNewEmailBody,
	RegisterTotpBody: registerTotpBody,
	VerifyTotpBody: verifyTotpBody,
	RegenerateRecoveryCodeBody: regenerateRecoveryCodeBody,
	ResetTwoFactorBody: resetTwoFactorBody,
	StartPasskeyRegistrationBody: startRegistrationBody,
	VerifyPasskeyRegistrationBody: verifyRegistrationBody,
	StartPasskeyAuthenticationBody: startAuthenticationBody,
	VerifyPasskeyAuthenticationBody: verifyAuthenticationBody,
	UnblockUserBody: unblockUserBody,
	ImportUsersBody: userImportBodyDocument,
	CreateSessionBody: createSessionBody,
	ValidateSessionBody: validateSessionBody,
	StartExternalSignInBody: startExternalSignInBody,
	VerifyExternalSignInBody: verifyExternalSignInBody,
	LinkExternalSignInBody: linkExternalSignInBody,
} satisfies Record<string, z.ZodType>;

/** The WebAuthn credential descriptor both passkey ceremonies list (excludeCredentials,
 *  allowCredentials): named here so that the document declares it once (document.ts). */
const passkeyCredentialDescriptor = passkeyRegistrationAnswer.schema.shape.options.shape.excludeCredentials.element;

/** GET /openapi.json answers this very document; only its version field is promised here. */
export const openApiDocumentResponse = z.looseObject({ openapi: z.string() });

export const MODELS = {
	User: userAnswer.schema,
	PasswordResetRequest: passwordResetRequestAnswer.schema,
	CreatedPasswordResetRequest: createdPasswordResetRequestAnswer.schema,
	EmailSignInRequest: emailSignInRequestAnswer.schema,
	CreatedEmailSignInRequest: createdEmailSignInRequestAnswer.schema,
	EmailSignIn: emailSignInAnswer.schema,
	EmailVerificationRequest: emailVerificationRequestAnswer.schema,
	EmailUpdateRequest: emailUpdateRequestAnswer.schema,
	VerifiedEmail: verifiedEmailAnswer.schema,
	TotpCredential: totpCredentialAnswer.schema,
	RecoveryCode: recoveryCodeAnswer.schema,
	Passkey: passkeyAnswer.schema,
	PasskeyRegistration: passkeyRegistrationAnswer.schema,
	PasskeyAuthentication: passkeyAuthenticationAnswer.schema,
	PasskeyCredentialDescriptor: passkeyCredentialDescriptor,
	PasskeySignIn: passkeySignInAnswer.schema,
	EventPage: eventPageAnswer.schema,
	UserImportResult: userImportAnswer.schema,
	Session: sessionAnswer.schema,
	CreatedSession: createdSessionAnswer.schema,
	ValidatedSession: validatedSessionAnswer.schema,
	IdentityProvider: identityProviderAnswer.schema,
	ExternalSignInRequest: externalSignInRequestAnswer.schema,
	ExternalSignIn: externalSignInAnswer.schema,
	LinkedExternalSignIn: linkedExternalSignInAnswer.schema,
	Identity: identityAnswer.schema,
	Health: healthAnswer,
	OpenApiDocument: openApiDocumentResponse,
} satisfies Record<string, z.ZodType>;

export type BodyName = keyof typeof REQUEST_BODIES;

/** The component name of `schema` among `named`; an endpoint that carries a schema not named here
 *  cannot be documented, so the document is not built. */
function nameIn(named: Record<string, z.ZodType>, what: string): (schema: z.ZodType) => string {
	const names = new Map(Object.entries(named).map(([name, schema]) => [schema, name]));
	return function nameOf(schema) {
		const name = names.get(schema);
		if (name === undefined) throw new Error(`openapi: an endpoint carries a ${what} that src/openapi/components.ts does not name`);
		return name;
	};
}

export const bodyName = nameIn(REQUEST_BODIES, "request body");
export const modelName = nameIn(MODELS, "model");
