// Microsoft Entra ID (kind `microsoft`, API.md section 16). Its multi-tenant issuers (`common`,
// `organizations`, `consumers`) publish an issuer template, `https://login.microsoftonline.com/
// {tenantid}/v2.0`: each ID token's `iss` must be that template filled with the token's own `tid`,
// which openid-client checks for login.microsoftonline.com. The identity's issuer is then the
// tenant's, so one person's accounts in two tenants are two identities.
//
// Entra's `email` claim is whatever the tenant's administrator (or, for some account kinds, the
// user) typed, unverified: trusting it let anyone sign in as anyone on apps that linked by email
// (nOAuth). An address counts as verified only with the optional claim `xms_edov` (email domain
// owner verified) set to true; `preferred_username` and `upn` never name anybody.

const MULTI_TENANT = new Set(["common", "organizations", "consumers"]);
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether the configured issuer is one of Entra's multi-tenant ones, whose discovery publishes a
 *  template rather than an issuer. */
export function isMultiTenantIssuer(configured: string): boolean {
	if (!URL.canParse(configured)) return false;
	return MULTI_TENANT.has(new URL(configured).pathname.split("/")[1] ?? "");
}

/** Whether a callback's `iss` can be the configured Entra issuer's: exactly it, or for a
 *  multi-tenant issuer, the same origin and form with a tenant id in place of the placeholder. */
export function callbackIssuerMatches(configured: string, iss: string): boolean {
	if (!URL.canParse(iss) || !URL.canParse(configured)) return false;
	const expected = new URL(configured);
	const given = new URL(iss);
	if (given.href === expected.href) return true;
	const [, tenant, ...rest] = expected.pathname.split("/");
	const [, givenTenant, ...givenRest] = given.pathname.split("/");
	return (
		tenant !== undefined &&
		MULTI_TENANT.has(tenant) &&
		given.origin === expected.origin &&
		givenTenant !== undefined &&
		TENANT_ID.test(givenTenant) &&
		givenRest.join("/") === rest.join("/") &&
		given.search === "" &&
		given.hash === ""
	);
}

export function microsoftEmailVerified(claims: Record<string, unknown>): boolean {
	return claims.xms_edov === true;
}
