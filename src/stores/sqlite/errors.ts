// Recognises the SQLite failures that are expected outcomes rather than faults.

export function isUniqueViolation(error: unknown): boolean {
	return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** A row written for a user who was deleted since the call found them. */
export function isForeignKeyViolation(error: unknown): boolean {
	return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Runs a write of a row that belongs to a user: NO_USER when the user is gone. */
export function writeForUser(write: () => void): "STORED" | "NO_USER" {
	try {
		write();
		return "STORED";
	} catch (error) {
		if (isForeignKeyViolation(error)) return "NO_USER";
		throw error;
	}
}
