/** A problem with build-leak-file's input or output that the user can fix; the message says how. */
export class BuildLeakFileError extends Error {}
