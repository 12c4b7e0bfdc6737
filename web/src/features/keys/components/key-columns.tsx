/** The columns a list of keys is made of: the console's lists, a customer's keys, a tenant's keys in the admin area. */
import { Link } from 'react-router';
import type { ApiKeyView } from '@unified-api-gateway/sdk';
import type { Column } from '../../../components/DataTable';
import { StatusBadge } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { keyState } from '../key-state';

const consoleKeyPath = (key: ApiKeyView) => `/console/keys/${key.id}`;

/** The key's name (a link to its page: the console's, or the area's `path`) with its prefix under it. */
export function keyColumn(linked: boolean, keyPath: (key: ApiKeyView) => string = consoleKeyPath): Column<ApiKeyView> {
  return {
    header: 'Key',
    primary: true,
    cell: (key) => (
      <>
        {linked ? (
          <Link className="cell-title" to={keyPath(key)}>
            {key.name || 'Unnamed key'}
          </Link>
        ) : (
          <span className="cell-title">{key.name || 'Unnamed key'}</span>
        )}
        <span className="cell-sub mono">{key.prefix}…</span>
      </>
    ),
  };
}

const never = <span className="faint">Never</span>;

export const keyStatusColumn: Column<ApiKeyView> = { header: 'Status', cell: (key) => <StatusBadge status={keyState(key)} /> };

export const lastUsedColumn: Column<ApiKeyView> = {
  header: 'Last used',
  cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : never),
};

export const expiresColumn: Column<ApiKeyView> = {
  header: 'Expires',
  cell: (key) => (key.expires_at ? formatDateTime(key.expires_at) : never),
};

export const createdColumn: Column<ApiKeyView> = { header: 'Created', cell: (key) => formatDateTime(key.created_at) };

export const manageKeyColumn: Column<ApiKeyView> = {
  header: 'Actions',
  actions: true,
  cell: (key) => (
    <Link className="btn btn-sm" to={consoleKeyPath(key)} aria-label={`Manage ${key.name || key.prefix}`}>
      Manage
    </Link>
  ),
};
