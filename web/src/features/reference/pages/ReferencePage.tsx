/**
 * The API reference inside the website: the public, reseller and console APIs from the gateway's
 * OpenAPI document, grouped by tag; the operator API on a page of its own, marked as the operator's.
 * /docs (Swagger UI) stays the place to try a call.
 */
import { Link } from 'react-router';
import { ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ApiSection } from '../components/ApiSection';
import { APIS } from '../openapi';
import { useOpenApiDocument } from '../queries';

const INTROS: Record<(typeof APIS)[number]['id'], string> = {
  public: 'Call any catalog endpoint with a key (Authorization: Bearer gw_…); read the catalog and the plans without one.',
  reseller:
    'Run your account: customers, keys, limits, budgets, prices, webhooks, the audit trail and statements (a management key or a console session).',
  console: 'Sign-up, sign-in and the members of an account, as the console uses them.',
  operator:
    'For the gateway’s operator only (the operator token or an operator’s session): tenants, plans, the catalog, revenue and the whole audit trail.',
};

function Reference({ operator }: { operator: boolean }) {
  useDocumentTitle(operator ? 'Operator API reference' : 'API reference');
  const doc = useOpenApiDocument();
  const apis = APIS.filter((api) => api.operator === operator);
  return (
    <>
      <PageHeader
        title={operator ? 'Operator API reference' : 'API reference'}
        description={
          operator ? (
            <>
              The operator’s API: not for tenants. The public and reseller APIs are in the <Link to="/reference">API reference</Link>.
            </>
          ) : (
            <>
              Every operation of the public and reseller APIs, from the gateway’s OpenAPI document (
              <a href="/docs/openapi.json">openapi.json</a>; try calls in <a href="/docs">Swagger UI</a>). The operator’s API is apart:{' '}
              <Link to="/reference/operator">Operator API reference</Link>.
            </>
          )
        }
      />
      {doc.isPending ? (
        <Loading label="Loading the API reference…" />
      ) : doc.isError ? (
        <ErrorNotice error={doc.error} onRetry={() => void doc.refetch()} />
      ) : (
        apis.map((api) => <ApiSection key={api.id} doc={doc.data} api={api.id} title={api.title} intro={INTROS[api.id]} />)
      )}
    </>
  );
}

export function ReferencePage() {
  return <Reference operator={false} />;
}

export function OperatorReferencePage() {
  return <Reference operator />;
}
