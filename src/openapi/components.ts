// The zod schemas the OpenAPI document is made from, under the component names it gives them.
// Request bodies are the very schemas the handlers parse with; response models are the shapes
// added beside them in src/features/*/schemas.ts.
import { z } from "zod";
import {
	createdEmailSignInRequestResponse,
	createEmailSignInBody,
	emailSignInRequestResponse,
	emailSignInResponse,
	verifyEmailSignInBody,
} from "../features/email-sign-in/schemas.ts";
import { createEmailUpdateRequestBody, emailUpdateRequestResponse, verifiedEmailResponse, verifyNewEmailBody } from "../features/email-update/schemas.ts";
import { createVerificationRequestBody, emailVerificationRequestResponse, verifyEmailBody } from "../features/email-verification/schemas.ts";
import {
	createdPasswordResetRequestResponse,
	createResetRequestBody,
	passwordResetRequestResponse,
	resetPasswordBody,
	verifyResetEmailBody,
} from "../features/password-reset/schemas.ts";
import {
	passkeyAuthenticationResponse,
	passkeyRegistrationResponse,
	passkeyResponse,
	passkeySignInResponse,
	startAuthenticationBody,
	startRegistrationBody,
	verifyAuthenticationBody,
	verifyRegistrationBody,
} from "../features/passkeys/schemas.ts";
import { authenticateBody, updatePasswordBody, verifyPasswordBody } from "../features/passwords/schemas.ts";
import {
	recoveryCodeResponse,
	regenerateRecoveryCodeBody,
	registerTotpBody,
	resetTwoFactorBody,
	totpCredentialResponse,
	verifyTotpBody,
} from "../features/two-factor/schemas.ts";
import { eventPageResponse, unblockUserBody } from "../features/events/schemas.ts";
import { userImportBodyDocument, userImportResponse } from "../features/user-imports/schemas.ts";
import { createUserBody, userResponse } from "../features/users/schemas.ts";

export const REQUEST_BODIES = {
	CreateUserBody: createUserBody,
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
} satisfies Record<string, z.ZodType>;

/** features/health/handlers.ts: 200 "ok", 503 "unavailable". */
const healthResponse = z.object({ status: z.enum(["ok", "unavailable"]) });

/** GET /openapi.json answers this very document; only its version field is promised here. */
const openApiDocumentResponse = z.looseObject({ openapi: z.string() });

export const MODELS = {
	User: userResponse,
	PasswordResetRequest: passwordResetRequestResponse,
	CreatedPasswordResetRequest: createdPasswordResetRequestResponse,
	EmailSignInRequest: emailSignInRequestResponse,
	CreatedEmailSignInRequest: createdEmailSignInRequestResponse,
	EmailSignIn: emailSignInResponse,
	EmailVerificationRequest: emailVerificationRequestResponse,
	EmailUpdateRequest: emailUpdateRequestResponse,
	VerifiedEmail: verifiedEmailResponse,
	TotpCredential: totpCredentialResponse,
	RecoveryCode: recoveryCodeResponse,
	Passkey: passkeyResponse,
	PasskeyRegistration: passkeyRegistrationResponse,
	PasskeyAuthentication: passkeyAuthenticationResponse,
	PasskeySignIn: passkeySignInResponse,
	EventPage: eventPageResponse,
	UserImportResult: userImportResponse,
	Health: healthResponse,
	OpenApiDocument: openApiDocumentResponse,
} satisfies Record<string, z.ZodType>;

export type BodyName = keyof typeof REQUEST_BODIES;
export type ModelName = keyof typeof MODELS;
