/** Whether `value` can name something in Holm: for checking an id from a cookie or a form first. */
export declare function isHolmId(value: unknown): value is string;
/** `value` as one escaped path segment; a TypeError naming `name` when it is not a Holm id. */
export declare function pathSegment(name: string, value: unknown): string;
/** openapi-fetch's pathSerializer: every `{name}` of the path becomes its checked, escaped value. */
export declare function serializePath(url: string, parameters: Record<string, unknown>): string;
