// A feature that is off (passkeys without --passkey-rp-id): each of its endpoints answers 400
// NOT_ALLOWED right after the secret check (API.md section 10), whatever the method, media type or
// body. Which endpoints belong to it is said by their rows in src/routes.ts.
import { errorResponse } from "../errors.ts";
import type { Feature } from "../http/route.ts";

/** NOT_ALLOWED when the matched path belongs to a feature in `off`, else null (go on). The path's
 *  feature, not the method's row: a method the path does not have is refused the same way. */
export function featureOff(feature: Feature | undefined, off: ReadonlySet<Feature>): Response | null {
	return feature !== undefined && off.has(feature) ? errorResponse("NOT_ALLOWED") : null;
}
