/** The resolved Postgres URL: DATABASE_URL, or the embedded server's when none is set. */
export const DATABASE_URL = Symbol('DATABASE_URL');
