// Recognises the PostgreSQL failures that are expected outcomes rather than faults.

function sqlState(error: unknown): string | undefined {
	return error instanceof Error && "errno" in error && typeof error.errno === "string" ? error.errno : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
	return sqlState(error) === "23505";
}

/** A row that names a parent row (a user) that is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
	return sqlState(error) === "23503";
}
