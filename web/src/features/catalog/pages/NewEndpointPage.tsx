/**
 * Adds a catalog endpoint: its slug, prices (in the billing unit, or per meter), default limit,
 * declared latency, output limit (text) and its upstreams in fallback order. Models are set on the
 * endpoint's page once it exists.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiProblemsScope, Card, FormError, PageHeader } from '../../../components/ui';
import { fieldProblems } from '../../../lib/field-problems';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EndpointCard, PricesLimitsCard } from '../components/NewEndpointCards';
import { UpstreamsEditor } from '../components/UpstreamsEditor';
import { priceProblemsOf } from '../meter-price-draft';
import { checkNewEndpoint, newEndpointDraft, newEndpointPaths, slugOf, withCategory, type NewEndpointDraft } from '../new-endpoint-draft';
import { useAddEndpoint } from '../queries';
import { useConfirmBelowCost } from '../use-confirm-below-cost';

export function NewEndpointPage() {
  useDocumentTitle('New endpoint');
  const [draft, setDraft] = useState(newEndpointDraft);
  const set = (patch: Partial<NewEndpointDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const [tried, setTried] = useState(false);
  const create = useAddEndpoint();
  const confirmBelowCost = useConfirmBelowCost();
  const problems = fieldProblems(create.error, newEndpointPaths(draft));
  const serverPriceProblems = priceProblemsOf(create.error, 'the price');
  const checked = checkNewEndpoint(draft);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.valid || !(await confirmBelowCost(slugOf(draft), draft.prices))) return;
    create.mutate(checked.body());
  };

  return (
    <>
      <PageHeader
        breadcrumb={{ to: '/admin/catalog', label: 'Catalog' }}
        title="New endpoint"
        description="It is on the public catalog and callable on every gateway process as soon as it is added. Add models on its page afterwards."
      />
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <ApiProblemsScope placed={[...problems.placed, ...serverPriceProblems]}>
          <EndpointCard
            draft={draft}
            set={set}
            setCategory={(category) => setDraft((current) => withCategory(current, category))}
            problemOf={problems.of}
          />
          <PricesLimitsCard
            draft={draft}
            set={set}
            problemOf={problems.of}
            checked={checked}
            tried={tried}
            serverPriceProblems={serverPriceProblems}
          />
          <Card
            title="Upstreams"
            description="Tried in this order until one answers. Secrets stay in the gateway's environment; only the variable's name is stored."
          >
            <div className="form">
              <UpstreamsEditor rows={draft.upstreams} onChange={(upstreams) => set({ upstreams })} problemOf={problems.of} />
            </div>
          </Card>
          <FormError error={create.error} placed={[...problems.placed, ...serverPriceProblems]} />
          <div className="row">
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending ? 'Adding…' : 'Add endpoint'}
            </button>
            <Link className="btn" to="/admin/catalog">
              Cancel
            </Link>
          </div>
        </ApiProblemsScope>
      </form>
    </>
  );
}
