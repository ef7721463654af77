// Something the operator must fix before Holm can start: a bad flag, an unusable path, a secret
// that breaks the rule, a data directory another Holm holds. `holm` prints it and exits 2.
export class ConfigError extends Error {}
