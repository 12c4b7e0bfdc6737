/**
 * The console's and the admin area's frame: a top bar with the account and sign-out, and a side
 * navigation (a menu panel below 960 px). Pages render in the main region.
 */
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSignedIn } from '../auth/session';
import { Brand } from './Brand';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export function AppLayout({ area, nav, signOut }: { area: string; nav: NavGroup[]; signOut: { mutate: () => void; isPending: boolean } }) {
  const session = useSignedIn();
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="app-topbar">
        <button
          type="button"
          className="btn btn-sm menu-button"
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
        >
          Menu
        </button>
        <Brand to={area === 'Admin' ? '/admin' : '/console'} />
        <span className="area-label">{area}</span>
        <div className="account">
          <div className="account-name">
            <strong>{session.user.name || session.user.email}</strong>
            <span>
              {session.tenant ? `${session.tenant.name} · ` : ''}
              {session.user.role}
            </span>
          </div>
          <button type="button" className="btn btn-sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </header>
      <aside id="app-sidebar" className={menuOpen ? 'app-sidebar open' : 'app-sidebar'}>
        <nav className="side-nav" aria-label={`${area} navigation`}>
          {nav.map((group) => (
            <div key={group.label}>
              <div className="group-label" aria-hidden="true">
                {group.label}
              </div>
              <ul aria-label={group.label}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <main id="main" className="app-main" tabIndex={-1}>
        <div className="app-main-inner">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
