// The one spelling of a `${VAR}` reference, in a module of its own: the secret rules (and with
// them every print boundary: the CLI's output, the bridge) need the pattern, not the agent
// profiles that expansion.ts asks where a reference expands.

/** `${NAME}` or `${NAME:-default}`: the one spelling of a reference (CFG-3, AUTH-4, CFG-8 secret rules). */
export const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

