// A feature that is off (passkeys without --passkey-rp-id): each of its endpoints answers 400
// NOT_ALLOWED right after the secret check (API.md section 10), whatever the method, media type or
// body. Which endpoints belong to it is said by their rows in src/routes.ts.
import { errorResponse } from "../errors.ts";
import type { Feature, Route } from "../http/route.ts";

/** NOT_ALLOWED when the matched path's rows belong to a feature in `off`, else null (go on). The
 *  path's rows, not only the method's: a method the path does not have is refused the same way. */
export function featureOff(pathRows: readonly Route[], off: ReadonlySet<Feature>): Response | null {
	const feature = pathRows[0]?.feature;
	return feature !== undefined && off.has(feature) ? errorResponse("NOT_ALLOWED") : null;
}
