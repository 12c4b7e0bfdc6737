/** A plan's fee and terms in plain words: on the website's plans page, and the console's plan page. */
import type { ReactNode } from 'react';
import type { PlanView } from '@unified-api-gateway/sdk';
import { planFee, planTerms } from '../../../lib/plans';

/** The fee, "/ month" after it unless it is free. */
export function PlanPrice({ plan }: { plan: PlanView }) {
  return (
    <div className="plan-price">
      {planFee(plan)}
      {planFee(plan) !== 'Free' && <span> / month</span>}
    </div>
  );
}

export function PlanTerms({ plan }: { plan: PlanView }) {
  return (
    <ul className="plan-features">
      {planTerms(plan).map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
}

/** A plan among others: its name (a heading of `level`), fee, description, terms and what to do with it. */
export function PlanCard({
  plan,
  level,
  described,
  action,
}: {
  plan: PlanView;
  level: 'h2' | 'h3';
  /** With its description (the website). */
  described?: boolean;
  action?: ReactNode;
}) {
  const Heading = level;
  const headingId = `plan-${plan.id}`;
  return (
    <article className="card plan-card" aria-labelledby={described ? headingId : undefined}>
      <Heading id={described ? headingId : undefined}>{plan.name}</Heading>
      <PlanPrice plan={plan} />
      {described && plan.description && <p className="muted">{plan.description}</p>}
      <PlanTerms plan={plan} />
      {action}
    </article>
  );
}
