/**
 * A key's or a customer's request limits and allowed endpoints (PUT replaces them whole). A tenant
 * can only lower the operator's limits: a per-slug value above the operator's has no effect.
 */
import { useInlineEdit, useInlineEditFocus } from '../../../components/DetailCard';
import { Card, Details, ErrorNotice, Loading } from '../../../components/ui';
import { toLimitsDraft, type LimitsDraft } from '../limits-draft';
import type { LimitsSource } from '../limits-source';
import { useLimits } from '../queries';
import { LimitsForm } from './LimitsForm';
import { useLimitText } from '../limit-text';

export function LimitsCard({ source, subject, readOnly }: { source: LimitsSource; subject: string; readOnly?: boolean }) {
  const limits = useLimits(source);
  const limitText = useLimitText();
  const edit = useInlineEdit<LimitsDraft>();
  // The button is gone while the form is open: the focus goes into the form and back to it.
  const { opener, area } = useInlineEditFocus(edit.editing);
  const current = limits.data;
  const perSlug = Object.entries(current?.per_slug ?? {});
  return (
    <Card
      title="Limits"
      description={`Requests per rate-limit window for ${subject}, and which endpoints it may call. Your limits can only be lower than the gateway's.`}
      actions={
        !readOnly && !edit.editing && current ? (
          <button type="button" className="btn btn-sm" onClick={() => edit.start(toLimitsDraft(current))} ref={opener}>
            Edit limits
          </button>
        ) : undefined
      }
    >
      {limits.isPending ? (
        <Loading />
      ) : limits.isError ? (
        <ErrorNotice error={limits.error} onRetry={() => void limits.refetch()} />
      ) : edit.draft ? (
        <div ref={area}>
          <LimitsForm source={source} draft={edit.draft} onChange={edit.set} onDone={edit.stop} />
        </div>
      ) : (
        <Details
          items={[
            ['All endpoints', current?.requests_per_window ? limitText(current.requests_per_window) : 'No limit of yours'],
            [
              'Per endpoint',
              perSlug.length === 0
                ? 'None'
                : perSlug.map(([slug, limit]) => (
                    <div key={slug}>
                      <span className="mono">{slug}</span>: {limitText(limit)}
                    </div>
                  )),
            ],
            [
              'Allowed endpoints',
              current?.allowed_endpoints?.length ? (
                <span className="mono">{current.allowed_endpoints.join(', ')}</span>
              ) : (
                'Every endpoint of your plan'
              ),
            ],
          ]}
        />
      )}
    </Card>
  );
}
