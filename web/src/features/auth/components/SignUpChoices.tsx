/** Sign-up's choices: what the account is for (its kind) and its plan. */
import { Link } from 'react-router';
import type { PlanView, SignUpRequest } from '@unified-api-gateway/sdk';
import { planFee } from '../../../lib/plans';

type Kind = SignUpRequest['kind'];

const KINDS: Array<{ value: Kind; title: string; text: string }> = [
  { value: 'direct', title: 'For my own product', text: 'Your keys call the catalog.' },
  { value: 'reseller', title: 'To resell', text: 'Your customers get keys, prices and budgets of their own.' },
];

export function KindChoice({ value, onChange }: { value: Kind; onChange: (kind: Kind) => void }) {
  return (
    <fieldset>
      <legend>How will you use it?</legend>
      <div className="radio-cards">
        {KINDS.map((kind) => (
          <label key={kind.value} className="radio-card">
            <input type="radio" name="kind" value={kind.value} checked={value === kind.value} onChange={() => onChange(kind.value)} />
            <div>
              <strong>{kind.title}</strong>
              <span>{kind.text}</span>
            </div>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The public plans, and the one chosen on the plans page even when it is not (or no longer) among them. */
export function PlanChoice({ plans, value, onChange }: { plans: PlanView[]; value: string; onChange: (planId: string) => void }) {
  const known = !value || plans.some((plan) => plan.id === value);
  return (
    <div className="field">
      <label htmlFor="signup-plan">Plan</label>
      <select id="signup-plan" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby="signup-plan-hint">
        <option value="">No plan (catalog prices)</option>
        {plans.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name} · {planFee(plan)}
            {planFee(plan) === 'Free' ? '' : ' / month'}
          </option>
        ))}
        {!known && <option value={value}>The plan you chose</option>}
      </select>
      <span className="hint" id="signup-plan-hint">
        Compare them on the <Link to="/plans">plans page</Link>.
      </span>
    </div>
  );
}
