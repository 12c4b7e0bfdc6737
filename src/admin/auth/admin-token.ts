/** The operator API's bearer token (ADMIN_TOKEN, or the one generated in DATA_DIR in embedded mode). */
export const ADMIN_TOKEN = Symbol('ADMIN_TOKEN');

/** The name of the admin token's security scheme in the OpenAPI document. */
export const ADMIN_SECURITY = 'admin-token';
