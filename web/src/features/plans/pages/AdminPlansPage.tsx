/** Plans: their fee, discount, ceiling, default cap and categories; create, edit, delete (when unused). */
import { useState } from 'react';
import type { PlanView } from '@unified-api-gateway/sdk';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { Modal } from '../../../components/Modal';
import { ResourceList } from '../../../components/ResourceList';
import { Badge, EmptyState, PageHeader } from '../../../components/ui';
import { categoryLabel } from '../../../lib/categories';
import { formatBps, formatCount } from '../../../lib/format';
import { formatUsd } from '../../../lib/money';
import { planFee } from '../../../lib/plans';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DeletePlanButton } from '../components/DeletePlanButton';
import { PlanForm } from '../components/PlanForm';
import { emptyPlanDraft, toPlanDraft } from '../plan-draft';
import { usePlans } from '../queries';
import { useWindowText } from '../../limits/limit-text';

export function AdminPlansPage() {
  useDocumentTitle('Plans');
  const plans = usePlans();
  // The count above its window ("per minute (60 s)"), as the catalog's list does: the table fits its card.
  const windowText = useWindowText();
  const [editing, setEditing] = useState<{ plan: PlanView | null } | null>(null);

  return (
    <ActionErrorScope>
      <PageHeader
        title="Plans"
        description="A plan sets a tenant's monthly fee, its discount on catalog prices, its account-wide request ceiling, a default monthly spend cap and the categories it may call. Public plans are on the website."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ plan: null })}>
            New plan
          </button>
        }
      />
      <ActionError />
      <ResourceList<PlanView>
        list={plans}
        noun="plans"
        caption="Plans"
        rowKey={(p) => p.id}
        empty={<EmptyState title="No plans yet">Create a plan to offer on the website.</EmptyState>}
        columns={[
          {
            header: 'Plan',
            primary: true,
            cell: (p) => (
              <>
                <span className="cell-title">{p.name}</span> {p.public ? <Badge tone="ok">public</Badge> : <Badge>private</Badge>}{' '}
                {p.default_for_signups && <Badge tone="ok">default for sign-ups</Badge>}
                {p.description && <span className="cell-sub">{p.description}</span>}
              </>
            ),
          },
          { header: 'Fee / month', numeric: true, cell: (p) => planFee(p) },
          { header: 'Discount', numeric: true, cell: (p) => formatBps(p.resale_discount_bps) },
          {
            header: 'Request ceiling',
            numeric: true,
            cell: (p) =>
              p.request_limit_per_window ? (
                <>
                  {formatCount(p.request_limit_per_window)}
                  <span className="cell-sub">{windowText}</span>
                </>
              ) : (
                '—'
              ),
          },
          {
            header: 'Monthly cap',
            numeric: true,
            cell: (p) => (p.default_monthly_spend_cap_usd !== null ? formatUsd(p.default_monthly_spend_cap_usd) : '—'),
          },
          { header: 'Categories', cell: (p) => (p.allowed_categories.length ? p.allowed_categories.map(categoryLabel).join(', ') : 'All') },
          {
            header: 'Actions',
            actions: true,
            cell: (p) => (
              <span className="row">
                <button type="button" className="btn btn-sm" onClick={() => setEditing({ plan: p })} aria-label={`Edit ${p.name}`}>
                  Edit
                </button>
                <DeletePlanButton plan={p} />
              </span>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing?.plan ? `Edit ${editing.plan.name}` : 'New plan'} onClose={() => setEditing(null)} wide>
        {editing && (
          <PlanForm
            plan={editing.plan}
            initial={editing.plan ? toPlanDraft(editing.plan) : emptyPlanDraft}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </ActionErrorScope>
  );
}
