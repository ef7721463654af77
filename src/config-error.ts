// Something the operator must fix before Holm can start: a bad flag, an unusable path, a secret
// that breaks the rule, a data directory another Holm holds. `holm` prints it and exits 2.
export class ConfigError extends Error {}

/** A mistake in how the command was called (an unknown option, a missing value): `holm` prints the
 *  command's usage after the message, and exits 2. */
export class UsageError extends ConfigError {}
