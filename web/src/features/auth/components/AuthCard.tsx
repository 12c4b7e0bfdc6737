import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The sign-in, sign-up and invitation pages' card: a title, its form, and the way to the other page. */
export function AuthCard({
  title,
  intro,
  other,
  children,
}: {
  title: string;
  intro?: ReactNode;
  other?: { text: string; to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>{title}</h1>
        {intro && <p className="muted">{intro}</p>}
        {children}
        {other && (
          <>
            <hr className="divider" />
            <p className="muted">
              {other.text} <Link to={other.to}>{other.label}</Link>.
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** A refusal above an auth form (role=alert: a screen reader hears it at once). */
export function AuthError({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-error" role="alert">
      {children}
    </div>
  );
}
