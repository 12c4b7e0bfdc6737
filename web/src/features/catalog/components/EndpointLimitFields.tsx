/** An endpoint's limit fields, as adding an endpoint and its settings show them: default limit, declared latency, usage cap, output limit (text). */
import { TextField } from '../../../components/ui';

export interface LimitValues {
  defaultLimit: string;
  declaredLatency: string;
  maxQuantity: string;
  /** Text endpoints: the upstream's output limit; empty: none declared. */
  maxOutputTokens: string;
}

type Field = keyof LimitValues;

const LABELS: Record<Field, string> = {
  defaultLimit: 'Default limit per window',
  declaredLatency: 'Declared latency (ms)',
  maxQuantity: 'Usage cap per call',
  maxOutputTokens: 'Output tokens per call',
};

export function EndpointLimitFields({
  values,
  onChange,
  tokens,
  hints = {},
  errors = {},
  requiredLimit,
}: {
  /** Without defaultLimit, no default-limit field (an endpoint's settings: its limit card has the one control). */
  values: Omit<LimitValues, 'defaultLimit'> & { defaultLimit?: string };
  onChange: (patch: Partial<LimitValues>) => void;
  /** A token endpoint: it has an output limit. */
  tokens: boolean;
  hints?: Partial<Record<Field, string>>;
  errors?: Partial<Record<Field, string | null>>;
  /** The default limit must be given (a new endpoint). */
  requiredLimit?: boolean;
}) {
  const field = (name: Field) => (
    <TextField
      key={name}
      label={LABELS[name]}
      inputMode="numeric"
      required={name === 'defaultLimit' && requiredLimit ? true : undefined}
      value={values[name] ?? ''}
      onChange={(e) => onChange({ [name]: e.target.value })}
      hint={hints[name]}
      error={errors[name]}
    />
  );
  return (
    <div className="form-row">
      {values.defaultLimit !== undefined && field('defaultLimit')}
      {field('declaredLatency')}
      {field('maxQuantity')}
      {tokens && field('maxOutputTokens')}
    </div>
  );
}

export const OUTPUT_TOKENS_HINT =
  "The upstream's output limit: what a budget holds for a call without max_tokens. Empty: none declared (the usage cap is held).";

export function StreamsCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Streams (Server-Sent Events)
    </label>
  );
}
