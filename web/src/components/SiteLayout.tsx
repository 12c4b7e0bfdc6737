/** The public website's frame: header with the main navigation, the page, the footer. */
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { homeOf } from '../auth/session';
import { useSession } from '../auth/session-query';
import { Brand } from './Brand';

/** The header's and the footer's links: the website's pages of the route table's navigation. */
export function SiteLayout({ nav }: { nav: Array<{ to: string; label: string }> }) {
  const session = useSession();
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const signedIn = session.data;

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container">
          <Brand />
          <nav className="site-nav" aria-label="Main">
            {nav.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="site-header-actions">
            {signedIn ? (
              <Link className="btn btn-primary" to={homeOf(signedIn)}>
                {signedIn.user.role === 'operator' ? 'Admin' : 'Console'}
              </Link>
            ) : (
              <>
                <Link className="btn btn-ghost hide-small" to="/signin">
                  Sign in
                </Link>
                <Link className="btn btn-primary" to="/signup">
                  Sign up
                </Link>
              </>
            )}
            <button
              type="button"
              className="btn menu-button"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
            >
              Menu
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav id="site-menu" className="site-menu container" aria-label="Main">
            <ul>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
              {!signedIn && (
                <li>
                  <NavLink to="/signin">Sign in</NavLink>
                </li>
              )}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <footer className="site-footer">
        <div className="container">
          <span>Unified API gateway · prices in USD, exact to the pico-dollar</span>
          <nav aria-label="Footer">
            {nav.map((item) => (
              <Link key={item.to} to={item.to}>
                {item.label}
              </Link>
            ))}
            {/* Served by the gateway, not the app (Swagger UI; docs/ rendered under /docs/guide): full page loads. */}
            <a href="/docs">Swagger UI</a>
            <a href="/docs/guide">Documentation</a>
            <a href="/docs/guide/api/errors">Error codes</a>
          </nav>
        </div>
      </footer>
    </>
  );
}
