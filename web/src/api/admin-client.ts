/**
 * The operator API's client (/api/admin/v1), for the admin area's query hooks only: a module of its
 * own, on the page's one session, so that only the admin area's chunks import it and the console's
 * and the website's first load carry none of it (test/web/web-app-weight.e2e-spec.ts checks).
 */
import { AdminClient } from '@unified-api-gateway/sdk/admin';
import { session } from './client';

export const adminSdk = new AdminClient({ session });
