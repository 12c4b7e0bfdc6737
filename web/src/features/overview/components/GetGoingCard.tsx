/**
 * "Get going": the first steps, each marked Done or To do from what the API holds (not from what this
 * browser saw), with a reseller's own steps after the first call.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Card } from '../../../components/ui';
import { useFirstSteps, type FirstSteps } from '../queries';

interface Step {
  id: keyof FirstSteps;
  text: ReactNode;
}

const COMMON: Step[] = [
  {
    id: 'key',
    text: (
      <>
        <Link to="/console/keys">Create a key</Link> and copy it (shown once)
      </>
    ),
  },
  {
    id: 'call',
    text: (
      <>
        Make a first call: the <Link to="/quickstart">quick start</Link> has curl and the SDK; it shows in the{' '}
        <Link to="/console/audit">audit trail</Link> with its price
      </>
    ),
  },
];

const RESELLER: Step[] = [
  {
    id: 'customer',
    text: (
      <>
        <Link to="/console/customers">Add a customer</Link> for each of your clients
      </>
    ),
  },
  { id: 'customerKey', text: <>Give a customer a key of its own, on its page (and a budget, if you cap its spend)</> },
  {
    id: 'prices',
    text: (
      <>
        <Link to="/console/prices">Set your prices</Link>: a price or a markup your customers pay
      </>
    ),
  },
];

export function GetGoingCard({ reseller }: { reseller: boolean }) {
  const done = useFirstSteps(reseller);
  const steps = reseller ? [...COMMON, ...RESELLER] : COMMON;
  const count = steps.filter((step) => done[step.id]).length;
  return (
    <Card title="Get going" description={`${count} of ${steps.length} steps done, as your account stands.`}>
      <ol className="next-steps" aria-label="First steps">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} data-done={done[step.id] ? 'true' : 'false'}>
            {done[step.id] === undefined ? (
              <Badge>Checking</Badge>
            ) : done[step.id] ? (
              <Badge tone="ok">Done</Badge>
            ) : (
              <Badge tone="warn">To do</Badge>
            )}{' '}
            {step.text}
          </li>
        ))}
      </ol>
    </Card>
  );
}
