// Path parameters. Every one in Holm's API is a Holm id (the rule of the server's src/lib/ids.ts
// isId, restated here), so a value that is not one is refused before a URL is made: fetch resolves
// a `..` or `.` segment, and an id from untrusted input ("..", "../users/<id>/unblock") would
// otherwise send the call, with the API secret, to another endpoint. What passes is escaped all the
// same. test/client/path-ids.test.ts fails when the document names a parameter of another form.
const ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const ID_PATTERN = /^[a-km-np-z2-9]{24}$/;
/** Whether `value` can name something in Holm: for checking an id from a cookie or a form first. */
export function isHolmId(value) {
    return typeof value === "string" && ID_PATTERN.test(value);
}
/** `value` as one escaped path segment; a TypeError naming `name` when it is not a Holm id. */
export function pathSegment(name, value) {
    if (!isHolmId(value))
        throw new TypeError(`${name} must be a Holm id (24 characters of ${ID_ALPHABET})`);
    return encodeURIComponent(value);
}
/** openapi-fetch's pathSerializer: every `{name}` of the path becomes its checked, escaped value. */
export function serializePath(url, parameters) {
    return url.replace(/\{(\w+)\}/g, (_, name) => pathSegment(name, parameters[name]));
}
