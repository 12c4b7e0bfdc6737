/**
 * The frame of a call's page, the console's and the admin area's alike: the document title, the
 * loading state, the error with its retry, and the header over the call, which `children` renders
 * once it is loaded.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { shortId } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function CallPageFrame<C extends { endpoint?: string | null }>({
  id,
  breadcrumb,
  call,
  children,
}: {
  /** The call's id, from the address. */
  id: string;
  /** Back to the audit trail the call belongs to. */
  breadcrumb: { to: string; label: string };
  call: UseQueryResult<C>;
  children: (call: C) => ReactNode;
}) {
  useDocumentTitle(`Call ${shortId(id)}`);
  if (call.isPending) return <Loading page label="Loading the call…" />;
  if (call.isError) {
    return (
      <>
        <PageHeader breadcrumb={breadcrumb} title={`Call ${shortId(id)}`} />
        <ErrorNotice error={call.error} onRetry={() => void call.refetch()} title="Could not load this call." />
      </>
    );
  }
  return (
    <>
      <PageHeader
        breadcrumb={breadcrumb}
        title={`Call of ${call.data.endpoint ?? 'no endpoint'}`}
        description="Everything the audit trail holds of this call."
      />
      {children(call.data)}
    </>
  );
}
