/** Small coloured labels: a state, an HTTP status. */
import type { ReactNode } from 'react';

export type Tone = 'ok' | 'warn' | 'danger' | 'info' | 'neutral';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  const tone: Tone =
    status === 'active' || status === 'delivered'
      ? 'ok'
      : status === 'pending'
        ? 'warn'
        : status === 'suspended' || status === 'revoked' || status === 'failed' || status === 'disabled'
          ? 'danger'
          : 'neutral';
  return <Badge tone={tone}>{status}</Badge>;
}

/** Enabled or disabled (an endpoint, an upstream). */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return enabled ? <Badge tone="ok">enabled</Badge> : <Badge tone="danger">disabled</Badge>;
}

/** A statement's month: still open, or closed for good. */
export function MonthStatusBadge({ status }: { status: 'open' | 'closed' }) {
  return status === 'open' ? <Badge tone="info">open</Badge> : <Badge tone="ok">closed</Badge>;
}

/** An HTTP status of a call, coloured by class. */
export function HttpStatus({ status, code }: { status: number; code?: string | null }) {
  const tone: Tone = status < 300 ? 'ok' : status === 402 || status === 429 ? 'warn' : status >= 400 ? 'danger' : 'neutral';
  return (
    <span className="row row-tight">
      <Badge tone={tone}>{status}</Badge>
      {code && <span className="mono faint">{code}</span>}
    </span>
  );
}
