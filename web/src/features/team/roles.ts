import type { TenantRole } from '../../api/console-api';

export const ROLES: Array<{ value: TenantRole; label: string }> = [
  { value: 'owner', label: 'Owner: everything, including users and plan' },
  { value: 'developer', label: 'Developer: keys, customers, prices, webhooks' },
  { value: 'viewer', label: 'Viewer: read only' },
];
