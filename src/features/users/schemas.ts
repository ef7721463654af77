import { z } from "zod";
import { clientIp, email, optional, password } from "../../lib/validation.ts";

export const createUserBody = z.object({
	email: optional(email),
	password,
	client_ip: clientIp,
});

const PER_PAGE_DEFAULT = 20;
const PER_PAGE_MAX = 100;

function positiveInteger(value: string | undefined): number | null {
	if (value === undefined || !/^[0-9]{1,9}$/.test(value)) return null;
	const n = Number(value);
	return n >= 1 ? n : null;
}

/** GET /users query: an unknown or malformed value falls back to its default (API.md section 3). */
export function parseUserListQuery(query: Record<string, string | undefined>) {
	const perPage = Math.min(positiveInteger(query.per_page) ?? PER_PAGE_DEFAULT, PER_PAGE_MAX);
	const page = positiveInteger(query.page) ?? 1;
	return {
		sortBy: query.sort_by === "id" ? ("id" as const) : ("created_at" as const),
		sortOrder: query.sort_order === "descending" ? ("descending" as const) : ("ascending" as const),
		perPage,
		page,
		emailQuery: (query.email_query ?? "").toLowerCase(),
	};
}
