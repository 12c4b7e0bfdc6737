/** One meter of a price being edited: its meter (when the price has several), wholesale, resale and the margin between them. */
import type { Meter } from '@unified-api-gateway/sdk';
import { SelectField, TextField } from '../../../components/ui';
import { formatBps } from '../../../lib/format';
import { METER_NAMES, METERS } from '../../../lib/meters';
import { formatPicoUsd, usdToPicoUsd } from '../../../lib/money';
import type { MeterPriceDraft } from '../meter-price-draft';

function Margin({ wholesale, resale }: { wholesale: string; resale: string }) {
  const w = usdToPicoUsd(wholesale);
  const r = usdToPicoUsd(resale);
  if (w === null || r === null) return <span className="faint">—</span>;
  const margin = r - w;
  return (
    <span className={margin < 0n ? 'loss' : undefined} data-testid="meter-margin">
      {formatPicoUsd(margin)}
      {r > 0n && <span className="faint"> ({formatBps(Number((margin * 10_000n) / r))} of resale)</span>}
    </span>
  );
}

export function MeterPriceRow({
  row,
  single,
  onChange,
  onRemove,
  amountProblem,
  meterProblem,
}: {
  row: MeterPriceDraft;
  /** The slug's one meter: no meter to choose, nothing to remove. */
  single: boolean;
  onChange: (patch: Partial<MeterPriceDraft>) => void;
  onRemove: () => void;
  amountProblem: (side: 'wholesale' | 'resale') => string | null;
  meterProblem: string | null;
}) {
  const unit = METERS[row.meter].label;
  return (
    <div className="meter-price" role="group" aria-label={`Price per ${unit}`} data-meter={row.meter}>
      <div className="form-row">
        {!single && (
          <SelectField
            label="Meter"
            value={row.meter}
            onChange={(e) => onChange({ meter: e.target.value as Meter })}
            options={METER_NAMES.map((meter) => ({ value: meter, label: METERS[meter].label }))}
            hint={
              meterProblem ?? (
                <>
                  In the API: <span className="mono">{row.meter}</span>
                </>
              )
            }
          />
        )}
        <TextField
          label="Wholesale (USD)"
          inputMode="decimal"
          value={row.wholesale}
          onChange={(e) => onChange({ wholesale: e.target.value })}
          hint={`What the upstream costs you per ${unit}.`}
          error={amountProblem('wholesale')}
        />
        <TextField
          label="Resale (USD)"
          inputMode="decimal"
          value={row.resale}
          onChange={(e) => onChange({ resale: e.target.value })}
          hint={`What tenants pay per ${unit}.`}
          error={amountProblem('resale')}
        />
        <div className="field">
          <span className="label">Margin</span>
          <Margin wholesale={row.wholesale} resale={row.resale} />
        </div>
      </div>
      {!single && (
        <div className="row">
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={onRemove} aria-label={`Remove the ${row.meter} price`}>
            Remove
          </button>
        </div>
      )}
    </div>
  );
}
