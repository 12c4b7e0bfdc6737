/**
 * One catalog endpoint: the per-endpoint limit, prices and settings, enabled, and the upstreams in
 * fallback order. Each save is one operator API call, applied live on every process.
 */
import { useParams } from 'react-router';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ToggleEndpointButton } from '../components/EndpointActions';
import { EndpointLimitCard } from '../components/EndpointLimitCard';
import { LatencyCard } from '../components/LatencyCard';
import { ModelsCard } from '../components/ModelsCard';
import { SettingsCard } from '../components/SettingsCard';
import { UpstreamsCard } from '../components/UpstreamsCard';
import { useCatalogEntry } from '../queries';

export function CatalogEndpointPage() {
  const { slug = '' } = useParams();
  useDocumentTitle(slug);
  const entry = useCatalogEntry(slug);

  if (entry.isPending) return <Loading page />;
  if (entry.isError) return <ErrorNotice error={entry.error} onRetry={() => void entry.refetch()} title="Could not load this endpoint." />;
  const current = entry.data;

  return (
    <ActionErrorScope>
      <PageHeader
        breadcrumb={{ to: '/admin/catalog', label: 'Catalog' }}
        title={<span className="mono">{slug}</span>}
        description={current.description || `Billed per ${current.billing_unit_label}.`}
        actions={<ToggleEndpointButton entry={current} />}
      />
      <div className="stack">
        <ActionError />
        {!current.enabled && (
          <div className="alert alert-warn" role="status">
            This endpoint is disabled: calls are answered 503 endpoint_disabled.
          </div>
        )}
        <div className="grid-2">
          <EndpointLimitCard entry={current} />
          <LatencyCard entry={current} />
        </div>
        <SettingsCard entry={current} />
        <UpstreamsCard entry={current} />
        <ModelsCard entry={current} />
      </div>
    </ActionErrorScope>
  );
}
