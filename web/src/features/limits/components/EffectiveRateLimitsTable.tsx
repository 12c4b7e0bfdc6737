/** The request limits of one endpoint's calls: each bucket, what set it, its window's use, and the one that binds. */
import type { EffectiveRateLimitView } from '@unified-api-gateway/sdk';
import { DataTable } from '../../../components/DataTable';
import { Badge } from '../../../components/ui';
import { formatCount, formatLimit } from '../../../lib/format';
import { LIMIT_NAMES, SETTING_NAMES } from '../limit-names';

export function EffectiveRateLimitsTable({ slug, limits }: { slug: string; limits: EffectiveRateLimitView[] }) {
  return (
    <DataTable<EffectiveRateLimitView>
      caption={`Request limits of a call to ${slug}`}
      rows={limits}
      rowKey={(l) => l.name}
      columns={[
        { header: 'Limit', primary: true, cell: (l) => <span className="cell-title">{LIMIT_NAMES[l.name]}</span> },
        { header: 'Requests', cell: (l) => formatLimit(l.limit, l.window_seconds) },
        {
          header: 'Set by',
          cell: (l) =>
            l.set_by.map((s) => (
              <div key={s.source} className={s.applies ? undefined : 'faint'}>
                {SETTING_NAMES[s.source]}: {formatCount(s.limit)}
                {s.applies ? '' : ' (not counted)'}
              </div>
            )),
        },
        { header: 'Used', numeric: true, cell: (l) => formatCount(l.used) },
        { header: 'Left', numeric: true, cell: (l) => formatCount(l.remaining) },
        {
          header: 'Binds',
          cell: (l) => (l.binding ? <Badge tone="warn">Binding: refuses first</Badge> : <span className="faint">No</span>),
        },
      ]}
    />
  );
}
