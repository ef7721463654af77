// Recognises the PostgreSQL failures that are expected outcomes rather than faults.

function sqlState(error: unknown): string | undefined {
	return error instanceof Error && "errno" in error && typeof error.errno === "string" ? error.errno : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
	return sqlState(error) === "23505";
}

/** A row written for a user who was deleted since the call found them. */
export function isForeignKeyViolation(error: unknown): boolean {
	return sqlState(error) === "23503";
}

/** Runs a write of a row that belongs to a user and gives its result: NO_USER when the user is gone. */
export async function forUser<T>(write: () => Promise<T>): Promise<T | "NO_USER"> {
	try {
		return await write();
	} catch (error) {
		if (isForeignKeyViolation(error)) return "NO_USER";
		throw error;
	}
}

/** Runs a write of a row that belongs to a user: NO_USER when the user is gone. */
export async function writeForUser(write: () => Promise<unknown>): Promise<"STORED" | "NO_USER"> {
	try {
		await write();
		return "STORED";
	} catch (error) {
		if (isForeignKeyViolation(error)) return "NO_USER";
		throw error;
	}
}
