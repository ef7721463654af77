// The shapes of the console's requests (API.md section 12). Bodies are read as the API reads them
// (src/http/body.ts: an empty body is {}, unknown fields are ignored); a query value that makes no
// sense falls back to its default rather than failing, since the page builds every query itself.
import { z } from "zod";
import { isId } from "../../lib/ids.ts";
import { EVENT_TYPES } from "../events/store.ts";
import { disableUserBody } from "../users/schemas.ts";
import { email, optional, password } from "../../lib/validation.ts";

/** POST /console/api/session: the one-time token of `holm console-link`. */
export const signInBody = z.object({ token: z.string().max(200) });

/** Sign-out and the actions that need nothing but the path. */
export const emptyBody = z.object({});

/** Deleting a user: the user's email or id, typed out. */
export const deleteUserBody = z.object({ confirm: z.string().max(300) });

/** Disabling a user: the API's own body (a reason of at most 200 code points, an end in the future). */
export const disableBody = disableUserBody;

/** Creating a user (issue 41): an email, and a password or none (a user without one). */
export const createUserBody = z.object({ email, password: optional(password) });

export const searchQuery = z.object({
	q: z.string().max(300).catch(""),
	by: z.enum(["auto", "email", "email_part", "id", "password_leaked"]).catch("auto"),
	sort_by: z.enum(["created_at", "id"]).catch("created_at"),
	sort_order: z.enum(["ascending", "descending"]).catch("ascending"),
	page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
	per_page: z.coerce.number().int().min(1).max(100).catch(20),
});

/** The feed's filters; a value that makes no sense is no filter (or, for a user id, no user). */
export const feedQuery = z.object({
	type: z.enum(["", ...EVENT_TYPES]).catch(""),
	user_id: z.string().max(100).transform((id) => (id === "" || isId(id) ? id : "none")).catch(""),
	hours: z.coerce.number().int().min(1).max(24 * 366).nullable().catch(null),
	before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().catch(null),
});
