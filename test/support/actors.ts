import type { Actor } from '../../src/activity/actor';

/** The operator acting with the admin token: the actor of domain tests that change plans and tenants. */
export const ADMIN_TOKEN_ACTOR: Actor = { kind: 'admin_token' };
