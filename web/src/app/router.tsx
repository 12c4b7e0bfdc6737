/**
 * The router and the side navigations, made from the route table (app/routes.tsx). The console's
 * navigation follows who is signed in (a reseller's entries, an owner's); the admin area's is the same
 * for every operator.
 */
import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireSession, useSignedIn } from '../auth/session';
import { AppLayout, type NavGroup } from '../components/AppLayout';
import { SiteLayout } from '../components/SiteLayout';
import { Loading } from '../components/ui';
import { useMe } from '../features/account/queries';
import { useSignOut } from '../features/auth/queries';
import { NotFoundPage } from '../features/site/pages/NotFoundPage';
import { ADMIN, CONSOLE, SITE, type Area, type Viewer } from './routes';

/** The area's navigation for this viewer: its entries by group, in the table's order. */
export function navGroups(area: Area, viewer: Viewer): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const { path, nav } of area.pages) {
    if (!nav || (nav.visible && !nav.visible(viewer))) continue;
    let group = groups.find((g) => g.label === nav.group);
    if (!group) groups.push((group = { label: nav.group, items: [] }));
    group.items.push({ to: path ? `${area.base}/${path}` : area.base, label: nav.label, end: nav.end });
  }
  return groups;
}

function ConsoleFrame() {
  const session = useSignedIn();
  const me = useMe();
  const reseller = (me.data?.tenant ?? session.tenant)?.kind === 'reseller';
  const signOut = useSignOut();
  return <AppLayout area={CONSOLE.label} nav={navGroups(CONSOLE, { role: session.user.role, reseller })} signOut={signOut} />;
}

function AdminFrame() {
  const session = useSignedIn();
  const signOut = useSignOut();
  return <AppLayout area={ADMIN.label} nav={navGroups(ADMIN, { role: session.user.role, reseller: false })} signOut={signOut} />;
}

function lazyPage(Page: ComponentType) {
  return (
    <Suspense fallback={<Loading page />}>
      <Page />
    </Suspense>
  );
}

function areaRoute(area: Area, Frame: ComponentType): RouteObject {
  return {
    path: area.base.slice(1),
    element: (
      <RequireSession area={area.session}>
        <Frame />
      </RequireSession>
    ),
    children: [
      ...(area.redirect ? [{ index: true, element: <Navigate to={area.redirect} replace /> }] : []),
      ...area.pages.map(({ path, Page }) => (path ? { path, element: lazyPage(Page) } : { index: true, element: lazyPage(Page) })),
      { path: '*', element: <NotFoundPage back={area.back} /> },
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <SiteLayout nav={SITE.flatMap(({ path, nav }) => (nav ? [{ to: path, label: nav }] : []))} />,
    // lazyPage: some website pages are chunks of their own (a Suspense around the others costs nothing).
    children: SITE.map(({ path, Page }) =>
      path === '/' ? { index: true, element: lazyPage(Page) } : { path: path.replace(/^\//, ''), element: lazyPage(Page) },
    ),
  },
  areaRoute(CONSOLE, ConsoleFrame),
  areaRoute(ADMIN, AdminFrame),
];

export function createRouter() {
  return createBrowserRouter([{ element: <Outlet />, children: routes }]);
}
