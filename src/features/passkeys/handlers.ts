// POST /users/:user_id/passkey-registrations, POST /passkey-registrations/:ceremony_id/verify,
// POST /passkey-authentications, POST /passkey-authentications/:ceremony_id/verify,
// GET /users/:user_id/passkeys, GET/DELETE /passkeys/:passkey_id
// With passkeys off these are never reached: src/middleware/passkeys-off.ts answers first.
import type { Context } from "hono";
import type { PasskeyConfig } from "../../config.ts";
import { errorResponse, failureResponse } from "../../errors.ts";
import { parseBody } from "../../http/body.ts";
import type { HonoEnv } from "../../http/env.ts";
import { pathUser } from "../../http/params.ts";
import { noContent } from "../../http/responses.ts";
import { isId } from "../../lib/ids.ts";
import { userJSON } from "../users/store.ts";
import { deletePasskey, finishAuthentication, finishRegistration, startAuthentication, startRegistration } from "./actions.ts";
import { startAuthenticationBody, startRegistrationBody, verifyAuthenticationBody, verifyRegistrationBody } from "./schemas.ts";
import { passkeyJSON, type Ceremony } from "./store.ts";

type C = Context<HonoEnv>;

function relyingParty(c: C): PasskeyConfig {
	const rp = c.get("ctx").passkeys;
	if (rp === null) throw new Error("a passkey route was reached with passkeys off");
	return rp;
}

function ceremonyJSON(ceremony: Ceremony) {
	return { id: ceremony.id, created_at: ceremony.createdAt, expires_at: ceremony.expiresAt };
}

export async function handleStartRegistration(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const body = parseBody(c, startRegistrationBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await startRegistration(c.get("ctx"), relyingParty(c), user, body.client_ip);
	if (!result.ok) return failureResponse(result.failure);
	return Response.json({ ...ceremonyJSON(result.ceremony), user_id: user.id, options: result.options });
}

export async function handleVerifyRegistration(c: C): Promise<Response> {
	const body = parseBody(c, verifyRegistrationBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await finishRegistration(c.get("ctx"), relyingParty(c), {
		ceremonyId: c.req.param("ceremony_id") ?? "",
		credential: body.credential,
		name: body.name,
		clientIp: body.client_ip,
	});
	if (!result.ok) return failureResponse(result.failure);
	return Response.json(passkeyJSON(result.passkey));
}

export async function handleStartAuthentication(c: C): Promise<Response> {
	const body = parseBody(c, startAuthenticationBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await startAuthentication(c.get("ctx"), relyingParty(c), { userId: body.user_id, clientIp: body.client_ip });
	if (!result.ok) return failureResponse(result.failure);
	return Response.json({ ...ceremonyJSON(result.ceremony), options: result.options });
}

export async function handleVerifyAuthentication(c: C): Promise<Response> {
	const body = parseBody(c, verifyAuthenticationBody);
	if (body === null) return errorResponse("INVALID_DATA");
	const result = await finishAuthentication(c.get("ctx"), relyingParty(c), {
		ceremonyId: c.req.param("ceremony_id") ?? "",
		credential: body.credential,
		clientIp: body.client_ip,
	});
	if (!result.ok) return failureResponse(result.failure);
	return Response.json({ user: userJSON(result.user), passkey: passkeyJSON(result.passkey) });
}

export async function handleListUserPasskeys(c: C): Promise<Response> {
	const user = await pathUser(c);
	if (user === null) return errorResponse("NOT_FOUND");
	const passkeys = await c.get("ctx").stores.passkeys.listForUser(user.id);
	return Response.json(passkeys.map(passkeyJSON));
}

export async function handleGetPasskey(c: C): Promise<Response> {
	const id = c.req.param("passkey_id") ?? "";
	const passkey = isId(id) ? await c.get("ctx").stores.passkeys.get(id) : null;
	if (passkey === null) return errorResponse("NOT_FOUND");
	return Response.json(passkeyJSON(passkey));
}

export async function handleDeletePasskey(c: C): Promise<Response> {
	if (!(await deletePasskey(c.get("ctx"), c.req.param("passkey_id") ?? ""))) return errorResponse("NOT_FOUND");
	return noContent();
}
