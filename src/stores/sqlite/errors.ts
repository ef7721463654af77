// Recognises the one SQLite failure that is an expected outcome rather than a fault.

export function isUniqueViolation(error: unknown): boolean {
	return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** A row that names a parent row (a user) that is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
	return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}
