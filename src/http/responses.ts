// Answers of a success: 204 when there is nothing to return (API.md section 1), or an action's result.
import { fail, type ErrorCode, type Failure } from "../errors.ts";

export function noContent(): Response {
	return new Response(null, { status: 204 });
}

/** An action's result as the answer: its failure as it is, or its value as JSON in the wire shape. */
export function answerWith<T, Code extends ErrorCode>(result: { ok: true; value: T } | Failure<Code>, shape: { json(value: T): unknown }): Response | Failure<Code> {
	return result.ok ? Response.json(shape.json(result.value)) : result;
}

/** An action's result as the answer when a success has nothing to return: 204, or its failure. */
export function noContentOr<Code extends ErrorCode>(result: { ok: true } | Failure<Code>): Response | Failure<Code> {
	return result.ok ? noContent() : result;
}

/** The answer of a deletion that says whether it found what it deleted: 204, or NOT_FOUND. */
export function deletedOrNotFound(deleted: boolean): Response | Failure<"NOT_FOUND"> {
	return deleted ? noContent() : fail("NOT_FOUND");
}
