import type { InviteUserRequest } from '@unified-api-gateway/sdk';

/** A role in a tenant (every user's role but an operator's): what an owner invites with and changes to. */
export type TenantRole = InviteUserRequest['role'];

export const ROLES: Array<{ value: TenantRole; label: string }> = [
  { value: 'owner', label: 'Owner: everything, including users and plan' },
  { value: 'developer', label: 'Developer: keys, customers, prices, webhooks' },
  { value: 'viewer', label: 'Viewer: read only' },
];
