/** Plans: their fee, discount, ceiling, default cap and categories; create, edit, delete (when unused). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApi } from '../../api/admin-api';
import { ApiError } from '../../api/http';
import type { Category, CreatePlanRequest, PlanView } from '../../api/openapi.generated';
import { useConfirm } from '../../components/Confirm';
import { DataTable } from '../../components/DataTable';
import { Modal } from '../../components/Modal';
import { LoadMore, PAGE_SIZE, useCursorList } from '../../components/Paging';
import { useToast } from '../../components/Toasts';
import { Badge, EmptyState, ErrorNotice, FormActions, FormError, Loading, PageHeader, TextField } from '../../components/ui';
import { CATEGORIES, categoryLabel } from '../../lib/categories';
import { formatBps, formatCount } from '../../lib/format';
import { formatUsd, picoUsdAsPriceInput, usdToPicoUsd } from '../../lib/money';
import { planFee } from '../../lib/plans';
import { useDocumentTitle } from '../../lib/use-document-title';

interface Draft {
  name: string;
  description: string;
  fee: string;
  discountPercent: string;
  requestLimit: string;
  monthlyCap: string;
  categories: Category[];
  public: boolean;
  defaultForSignups: boolean;
}

const emptyDraft: Draft = {
  name: '',
  description: '',
  fee: '0',
  discountPercent: '0',
  requestLimit: '',
  monthlyCap: '',
  categories: [],
  public: true,
  defaultForSignups: false,
};

function toDraft(plan: PlanView): Draft {
  return {
    name: plan.name,
    description: plan.description,
    fee: plan.monthly_fee_usd,
    discountPercent: String(plan.resale_discount_bps / 100),
    requestLimit: plan.request_limit_per_window ? String(plan.request_limit_per_window) : '',
    monthlyCap: plan.default_monthly_spend_cap_usd ?? '',
    categories: plan.allowed_categories,
    public: plan.public,
    defaultForSignups: plan.default_for_signups,
  };
}

/** The draft as the API's body, or the problems that stop it. */
function toBody(draft: Draft): { body?: CreatePlanRequest; problems: string[] } {
  const problems: string[] = [];
  const fee = usdToPicoUsd(draft.fee);
  const feeJson = fee === null ? null : picoUsdAsPriceInput(fee);
  if (feeJson === null) problems.push('The monthly fee must be an amount in USD (at most 12 decimals).');
  const discount = Number(draft.discountPercent);
  const bps = Math.round(discount * 100);
  if (!/^\d+(\.\d{1,2})?$/.test(draft.discountPercent.trim()) || discount > 100)
    problems.push('The discount must be a percentage from 0 to 100, at most 2 decimals.');
  const limit = draft.requestLimit.trim();
  if (limit && !/^[1-9]\d*$/.test(limit)) problems.push('The request ceiling must be a whole number.');
  const cap = draft.monthlyCap.trim() ? usdToPicoUsd(draft.monthlyCap) : null;
  const capJson = cap === null ? null : picoUsdAsPriceInput(cap);
  if (draft.monthlyCap.trim() && capJson === null) problems.push('The monthly cap must be an amount in USD.');
  if (!draft.name.trim()) problems.push('A plan needs a name.');
  if (problems.length) return { problems };
  return {
    problems,
    body: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      monthly_fee_usd: feeJson!,
      resale_discount_bps: bps,
      request_limit_per_window: limit ? Number(limit) : null,
      default_monthly_spend_cap_usd: capJson,
      allowed_categories: draft.categories,
      public: draft.public,
      default_for_signups: draft.defaultForSignups,
    },
  };
}

export function AdminPlansPage() {
  useDocumentTitle('Plans');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const plans = useCursorList(['admin', 'plans', 'list'], (cursor) => adminApi.plans.list({ limit: PAGE_SIZE, cursor }));
  const [editing, setEditing] = useState<{ plan: PlanView | null; draft: Draft } | null>(null);
  const { body, problems } = editing ? toBody(editing.draft) : { body: undefined, problems: [] };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['admin', 'plans'] });
  const save = useMutation({
    mutationFn: () => (editing!.plan ? adminApi.plans.update(editing!.plan.id, body!) : adminApi.plans.create(body!)),
    onSuccess: () => {
      refresh();
      toast(editing!.plan ? 'Plan saved; it applies to its tenants at once' : 'Plan created');
      setEditing(null);
      // A refused delete's message is about the plans as they were: a later change clears it.
      remove.reset();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminApi.plans.remove(id),
    onSuccess: () => {
      refresh();
      toast('Plan deleted');
    },
  });
  const askDelete = async (plan: PlanView) => {
    if (
      await confirm({
        title: `Delete the ${plan.name} plan?`,
        body: 'Only a plan no tenant is on can be deleted.',
        confirmLabel: 'Delete plan',
      })
    )
      remove.mutate(plan.id);
  };
  const set = (patch: Partial<Draft>) => setEditing((current) => current && { ...current, draft: { ...current.draft, ...patch } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body) save.mutate();
  };

  return (
    <>
      <PageHeader
        title="Plans"
        description="A plan sets a tenant's monthly fee, its discount on catalog prices, its account-wide request ceiling, a default monthly spend cap and the categories it may call. Public plans are on the website."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ plan: null, draft: emptyDraft })}>
            New plan
          </button>
        }
      />
      {remove.isError && (
        <FormError
          error={
            remove.error instanceof ApiError && remove.error.code === 'conflict'
              ? new Error('Tenants are still on this plan: move them first.')
              : remove.error
          }
        />
      )}
      <div className="card card-flush">
        {plans.isPending ? (
          <Loading />
        ) : plans.isError ? (
          <div className="card-body">
            <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />
          </div>
        ) : (
          <DataTable<PlanView>
            caption="Plans"
            rows={plans.rows}
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
                cell: (p) => (p.request_limit_per_window ? formatCount(p.request_limit_per_window) : '—'),
              },
              {
                header: 'Monthly cap',
                numeric: true,
                cell: (p) => (p.default_monthly_spend_cap_usd !== null ? formatUsd(p.default_monthly_spend_cap_usd) : '—'),
              },
              {
                header: 'Categories',
                cell: (p) => (p.allowed_categories.length ? p.allowed_categories.map(categoryLabel).join(', ') : 'All'),
              },
              {
                header: 'Actions',
                actions: true,
                cell: (p) => (
                  <span className="row">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => setEditing({ plan: p, draft: toDraft(p) })}
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-danger-outline"
                      onClick={() => void askDelete(p)}
                      aria-label={`Delete ${p.name}`}
                    >
                      Delete
                    </button>
                  </span>
                ),
              },
            ]}
          />
        )}
        <LoadMore query={plans} noun="plans" />
      </div>
      <Modal open={editing !== null} title={editing?.plan ? `Edit ${editing.plan.name}` : 'New plan'} onClose={() => setEditing(null)} wide>
        {editing && (
          <form className="form" onSubmit={submit}>
            <div className="form-row">
              <TextField label="Name" required value={editing.draft.name} onChange={(e) => set({ name: e.target.value })} />
              <TextField
                label="Monthly fee (USD)"
                inputMode="decimal"
                value={editing.draft.fee}
                onChange={(e) => set({ fee: e.target.value })}
              />
            </div>
            <TextField label="Description" value={editing.draft.description} onChange={(e) => set({ description: e.target.value })} />
            <div className="form-row">
              <TextField
                label="Discount on catalog prices (%)"
                inputMode="decimal"
                value={editing.draft.discountPercent}
                onChange={(e) => set({ discountPercent: e.target.value })}
              />
              <TextField
                label="Request ceiling per window"
                inputMode="numeric"
                value={editing.draft.requestLimit}
                onChange={(e) => set({ requestLimit: e.target.value })}
                hint="Across all the tenant's keys. Empty: none."
              />
              <TextField
                label="Default monthly cap (USD)"
                inputMode="decimal"
                value={editing.draft.monthlyCap}
                onChange={(e) => set({ monthlyCap: e.target.value })}
                hint="A new tenant on the plan gets this budget. Empty: none."
              />
            </div>
            <fieldset>
              <legend>Categories (none checked: all)</legend>
              <div className="checkbox-grid">
                {CATEGORIES.map((category) => (
                  <label key={category} className="check">
                    <input
                      type="checkbox"
                      checked={editing.draft.categories.includes(category)}
                      onChange={(e) =>
                        set({
                          categories: e.target.checked
                            ? [...editing.draft.categories, category]
                            : editing.draft.categories.filter((c) => c !== category),
                        })
                      }
                    />
                    {categoryLabel(category)}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="check">
              <input type="checkbox" checked={editing.draft.public} onChange={(e) => set({ public: e.target.checked })} />
              Public: shown on the website&apos;s plans page
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={editing.draft.defaultForSignups}
                onChange={(e) => set({ defaultForSignups: e.target.checked })}
              />
              Default for sign-ups: a new account that chooses no plan starts on this one (one plan at most: this takes it from the current
              default)
            </label>
            {problems.length > 0 && (
              <div className="alert alert-warn">
                <ul>
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            )}
            <FormError error={save.error} />
            <FormActions
              submitLabel={editing.plan ? 'Save plan' : 'Create plan'}
              disabled={save.isPending || !body}
              onCancel={() => setEditing(null)}
            />
          </form>
        )}
      </Modal>
    </>
  );
}
