/** The frame of a page's content: its header, cards and figures. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function PageHeader({
  title,
  description,
  actions,
  breadcrumb,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: { to: string; label: string };
}) {
  return (
    <header className="page-header">
      <div>
        {breadcrumb && (
          <div className="breadcrumb">
            <Link to={breadcrumb.to}>← {breadcrumb.label}</Link>
          </div>
        )}
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <div className="actions">{actions}</div>}
    </header>
  );
}

export function Card({
  title,
  description,
  actions,
  children,
  flush,
  className,
  headingLevel = 2,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  flush?: boolean;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', flush ? 'card-flush' : '', className ?? ''].join(' ').trim()}>
      {(title || actions) && (
        <div className="card-header">
          <div>
            {title && <Heading>{title}</Heading>}
            {description && <p>{description}</p>}
          </div>
          {actions && <div className="row">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

export function Stat({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="card card-compact stat">
      <span className="label">{label}</span>
      <span className="value">{value}</span>
      {sub && <span className="sub">{sub}</span>}
    </div>
  );
}

/** A definition list of a record's fields; a falsy item is left out (a field the record does not have). */
export type DetailItem = readonly [label: string, value: ReactNode, className?: string] | false | '' | null | undefined;

export function Details({ items }: { items: DetailItem[] }) {
  return (
    <dl className="details">
      {items.map(
        (item) =>
          item && (
            <DetailRow key={item[0]} label={item[0]} className={item[2]}>
              {item[1]}
            </DetailRow>
          ),
      )}
    </dl>
  );
}

function DetailRow({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
