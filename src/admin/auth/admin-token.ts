/** The operator API's bearer token (ADMIN_TOKEN, or the one generated in DATA_DIR in embedded mode). */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');
