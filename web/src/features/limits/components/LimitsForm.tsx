/** Edits limits: all endpoints together, per endpoint, and the endpoints allowed. */
import { EditForm } from '../../../components/EditForm';
import { ProblemList, TextField } from '../../../components/ui';
import { usePublicCatalog } from '../../catalog/public-queries';
import { limitsProblems, toLimitsBody, type LimitsDraft } from '../limits-draft';
import type { LimitsSource } from '../limits-source';
import { useSaveLimits } from '../queries';
import { PerSlugLimits } from './PerSlugLimits';
import { useWindowText } from '../limit-text';

export function LimitsForm({
  source,
  draft,
  onChange,
  onDone,
}: {
  source: LimitsSource;
  draft: LimitsDraft;
  onChange: (patch: Partial<LimitsDraft>) => void;
  onDone: () => void;
}) {
  const catalog = usePublicCatalog();
  const save = useSaveLimits(source);
  const windowText = useWindowText();
  const problems = limitsProblems(draft);
  const submit = () => {
    if (problems.length === 0) save.mutate(toLimitsBody(draft), { onSuccess: onDone });
  };
  return (
    <EditForm
      onSubmit={submit}
      disabled={save.isPending || problems.length > 0}
      error={save.error}
      onCancel={onDone}
      submitLabel="Save limits"
    >
      <TextField
        label="All endpoints together"
        inputMode="numeric"
        value={draft.requestsPerWindow}
        onChange={(e) => onChange({ requestsPerWindow: e.target.value })}
        hint={`Requests ${windowText} across every endpoint. Empty: no limit of yours.`}
      />
      <PerSlugLimits
        rows={draft.perSlug}
        slugs={catalog.data?.data.map((e) => e.slug) ?? []}
        onChange={(perSlug) => onChange({ perSlug })}
      />
      <TextField
        label="Allowed endpoints"
        value={draft.allowed}
        onChange={(e) => onChange({ allowed: e.target.value })}
        hint="Slugs or whole categories, separated by commas: text.*, data.enrich. Empty: every endpoint of your plan."
      />
      <ProblemList problems={problems} tone="error" role="alert" />
    </EditForm>
  );
}
