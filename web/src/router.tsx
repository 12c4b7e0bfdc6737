/**
 * Every page of the web app. The gateway serves index.html for exactly these path prefixes
 * (src/web-app/web-app.routes.ts on the server; test/web checks that the two agree), so anything
 * else, and everything under /api, keeps the API's JSON 404.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { resellerApi } from './api/reseller-api';
import { can, RequireSession, useSignedIn } from './auth/session';
import { AppLayout, type NavGroup } from './components/AppLayout';
import { SiteLayout } from './components/SiteLayout';
import { Loading } from './components/ui';
import { AcceptInvitationPage } from './pages/site/AcceptInvitationPage';
import { CatalogPage } from './pages/site/CatalogPage';
import { HomePage } from './pages/site/HomePage';
import { NotFoundPage } from './pages/site/NotFoundPage';
import { PlansPage } from './pages/site/PlansPage';
import { QuickStartPage } from './pages/site/QuickStartPage';
import { SignInPage } from './pages/site/SignInPage';
import { SignUpPage } from './pages/site/SignUpPage';

/** A page of the console or admin chunk, loaded on first use (the website stays small). */
function fromChunk<M>(load: () => Promise<M>, name: keyof M) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<Loading page />}>
      <Page />
    </Suspense>
  );
}
const consolePages = () => import('./areas/console-pages');
const adminPages = () => import('./areas/admin-pages');

function ConsoleFrame() {
  const session = useSignedIn();
  const me = useQuery({ queryKey: ['me'], queryFn: resellerApi.me });
  const reseller = (me.data?.tenant ?? session.tenant)?.kind === 'reseller';
  const nav: NavGroup[] = [
    {
      label: 'Build',
      items: [
        { to: '/console', label: 'Overview', end: true },
        { to: '/console/keys', label: 'Keys' },
        { to: '/console/customers', label: 'Customers', visible: reseller },
        { to: '/console/prices', label: 'Prices', visible: reseller },
        { to: '/console/webhooks', label: 'Webhooks' },
        // The API's management-key routes are all owners' (listing too).
        { to: '/console/management-keys', label: 'Management keys', visible: can.manageUsers(session.user.role) },
      ],
    },
    {
      label: 'Monitor',
      items: [
        { to: '/console/audit', label: 'Audit trail' },
        { to: '/console/usage', label: 'Usage' },
        { to: '/console/statements', label: 'Statements' },
      ],
    },
    {
      label: 'Account',
      items: [
        { to: '/console/plan', label: 'Plan' },
        { to: '/console/team', label: 'Team', visible: can.manageUsers(session.user.role) },
        { to: '/console/account', label: 'Your account' },
      ],
    },
  ];
  return <AppLayout area="Console" nav={nav} />;
}

const ADMIN_NAV: NavGroup[] = [
  {
    label: 'Accounts',
    items: [
      { to: '/admin/tenants', label: 'Tenants' },
      { to: '/admin/plans', label: 'Plans' },
      { to: '/admin/operators', label: 'Operators' },
    ],
  },
  {
    label: 'Catalog',
    items: [
      { to: '/admin/catalog', label: 'Endpoints' },
      { to: '/admin/latency', label: 'Latency' },
    ],
  },
  {
    label: 'Money and calls',
    items: [
      { to: '/admin/revenue', label: 'Revenue' },
      { to: '/admin/audit', label: 'Audit trail' },
    ],
  },
  { label: 'You', items: [{ to: '/admin/account', label: 'Your account' }] },
];

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'catalog', element: <CatalogPage /> },
      { path: 'plans', element: <PlansPage /> },
      { path: 'quickstart', element: <QuickStartPage /> },
      { path: 'signin', element: <SignInPage /> },
      { path: 'signup', element: <SignUpPage /> },
      // The link of an invitation (the console API's accept_url): no session yet, so outside the console's frame.
      { path: 'console/accept-invitation', element: <AcceptInvitationPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: 'console',
    element: (
      <RequireSession area="console">
        <ConsoleFrame />
      </RequireSession>
    ),
    children: [
      { index: true, element: fromChunk(consolePages, 'ConsoleOverviewPage') },
      { path: 'keys', element: fromChunk(consolePages, 'KeysPage') },
      { path: 'keys/:id', element: fromChunk(consolePages, 'KeyDetailPage') },
      { path: 'customers', element: fromChunk(consolePages, 'CustomersPage') },
      { path: 'customers/:id', element: fromChunk(consolePages, 'CustomerDetailPage') },
      { path: 'customers/:id/statements/:month', element: fromChunk(consolePages, 'StatementDetailPage') },
      { path: 'prices', element: fromChunk(consolePages, 'PricesPage') },
      { path: 'audit', element: fromChunk(consolePages, 'ConsoleAuditPage') },
      { path: 'usage', element: fromChunk(consolePages, 'UsagePage') },
      { path: 'statements', element: fromChunk(consolePages, 'StatementsPage') },
      { path: 'statements/:month', element: fromChunk(consolePages, 'StatementDetailPage') },
      { path: 'webhooks', element: fromChunk(consolePages, 'WebhooksPage') },
      { path: 'management-keys', element: fromChunk(consolePages, 'ManagementKeysPage') },
      { path: 'plan', element: fromChunk(consolePages, 'PlanPage') },
      { path: 'team', element: fromChunk(consolePages, 'TeamPage') },
      { path: 'account', element: fromChunk(consolePages, 'AccountPage') },
      { path: '*', element: <NotFoundPage back={{ to: '/console', label: 'Back to the overview' }} /> },
    ],
  },
  {
    path: 'admin',
    element: (
      <RequireSession area="admin">
        <AppLayout area="Admin" nav={ADMIN_NAV} />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/admin/tenants" replace /> },
      { path: 'tenants', element: fromChunk(adminPages, 'TenantsPage') },
      { path: 'tenants/:id', element: fromChunk(adminPages, 'TenantDetailPage') },
      { path: 'plans', element: fromChunk(adminPages, 'AdminPlansPage') },
      { path: 'operators', element: fromChunk(adminPages, 'OperatorsPage') },
      { path: 'catalog', element: fromChunk(adminPages, 'AdminCatalogPage') },
      { path: 'catalog/new', element: fromChunk(adminPages, 'NewEndpointPage') },
      { path: 'catalog/:slug', element: fromChunk(adminPages, 'CatalogEndpointPage') },
      { path: 'latency', element: fromChunk(adminPages, 'LatencyPage') },
      { path: 'revenue', element: fromChunk(adminPages, 'RevenuePage') },
      { path: 'audit', element: fromChunk(adminPages, 'AdminAuditPage') },
      { path: 'account', element: fromChunk(consolePages, 'AccountPage') },
      { path: '*', element: <NotFoundPage back={{ to: '/admin/tenants', label: 'Back to the tenants' }} /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter([{ element: <Outlet />, children: routes }]);
}
