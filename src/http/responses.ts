// Success without a body (API.md section 1: 204 when there is nothing to return).

export function noContent(): Response {
	return new Response(null, { status: 204 });
}
