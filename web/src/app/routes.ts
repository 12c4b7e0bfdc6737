/**
 * The web app's one route table: every page's path, its chunk and its entry in the navigation, with
 * who sees it. The website's first pages are in the main bundle (they are what a visitor loads first;
 * an endpoint's page and the API reference are chunks of their own); each
 * page of the console and the admin area is a chunk of its own, loaded when it is first opened.
 * app/router.tsx makes the router and the side navigations from it. The gateway serves index.html for
 * the website's paths and everything under an area (site-paths.ts, checked against the server's list).
 */
import { lazy, type ComponentType } from 'react';
import type { UserRole } from '@unified-api-gateway/sdk';
import { can } from '../auth/session';
import { AcceptInvitationPage } from '../features/auth/pages/AcceptInvitationPage';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { SignUpPage } from '../features/auth/pages/SignUpPage';
import { CatalogPage } from '../features/catalog/pages/CatalogPage';
import { PlansPage } from '../features/plans/pages/PlansPage';
import { HomePage } from '../features/site/pages/HomePage';
import { NotFoundPage } from '../features/site/pages/NotFoundPage';
import { QuickStartPage } from '../features/site/pages/QuickStartPage';
import type { APP_AREAS, SITE_PAGES, SITE_SLUG_PAGES } from '../site-paths';

/** Who looks at the navigation: it shows an entry only to those it is for. */
export interface Viewer {
  role: UserRole;
  /** A reseller's account (customers, prices). */
  reseller: boolean;
}

export interface NavEntry {
  /** The navigation's group, in the order the groups first appear in the table. */
  group: string;
  label: string;
  /** Current only on its own path, not below it (an area's first page). */
  end?: boolean;
  /** Shown only to these viewers; everyone when absent. */
  visible?: (viewer: Viewer) => boolean;
}

export interface PageRoute {
  /** Below the area's path; '' for the area's first page. */
  path: string;
  Page: ComponentType;
  nav?: NavEntry;
}

export interface Area {
  base: (typeof APP_AREAS)[number];
  /** The frame's label ("Console") and the guard's kind of session. */
  label: 'Console' | 'Admin';
  session: 'console' | 'admin';
  /** Where the area's own path sends (it has no page of its own). */
  redirect?: string;
  /** The way back from an unknown page of the area. */
  back: { to: string; label: string };
  pages: PageRoute[];
}

/** A page of its own chunk: its module is loaded the first time the page is shown. */
function chunk<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const reseller = (viewer: Viewer) => viewer.reseller;
// The API's management-key and user routes are all owners' (listing too).
const owner = (viewer: Viewer) => can.manageUsers(viewer.role);

const ReferenceChunk = () => import('../features/reference/pages/ReferencePage');

const AccountPage = chunk(() => import('../features/account/pages/AccountPage'), 'AccountPage');
const StatementDetailPage = chunk(() => import('../features/statements/pages/StatementDetailPage'), 'StatementDetailPage');

/** The website's pages, in the main bundle; an entry in `nav` is in the header and the footer. */
export const SITE: Array<{
  path:
    | (typeof SITE_PAGES)[number]
    | `${(typeof SITE_SLUG_PAGES)[number]}/:slug`
    | 'console/accept-invitation'
    | 'console/reset-password'
    | 'admin/setup'
    | '*';
  Page: ComponentType;
  nav?: string;
}> = [
  { path: '/', Page: HomePage },
  { path: '/catalog', Page: CatalogPage, nav: 'Catalog' },
  { path: '/catalog/:slug', Page: chunk(() => import('../features/catalog/pages/PublicEndpointPage'), 'PublicEndpointPage') },
  { path: '/plans', Page: PlansPage, nav: 'Plans' },
  { path: '/quickstart', Page: QuickStartPage, nav: 'Quick start' },
  { path: '/reference', Page: chunk(ReferenceChunk, 'ReferencePage'), nav: 'API reference' },
  { path: '/reference/operator', Page: chunk(ReferenceChunk, 'OperatorReferencePage') },
  { path: '/signin', Page: SignInPage },
  { path: '/signup', Page: SignUpPage },
  // The link of an invitation (the console API's accept_url): no session yet, so outside the console's frame.
  { path: 'console/accept-invitation', Page: AcceptInvitationPage },
  // A password reset link (reset_url of the console and operator APIs): signed out, like an invitation.
  { path: 'console/reset-password', Page: chunk(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage') },
  // A fresh install's first operator (the start-up log's setup link): nobody is signed in yet.
  { path: 'admin/setup', Page: chunk(() => import('../features/auth/pages/FirstOperatorPage'), 'FirstOperatorPage') },
  { path: '*', Page: NotFoundPage },
];

export const CONSOLE: Area = {
  base: '/console',
  label: 'Console',
  session: 'console',
  back: { to: '/console', label: 'Back to the overview' },
  pages: [
    {
      path: '',
      Page: chunk(() => import('../features/overview/pages/ConsoleOverviewPage'), 'ConsoleOverviewPage'),
      nav: { group: 'Build', label: 'Overview', end: true },
    },
    { path: 'keys', Page: chunk(() => import('../features/keys/pages/KeysPage'), 'KeysPage'), nav: { group: 'Build', label: 'Keys' } },
    { path: 'keys/:id', Page: chunk(() => import('../features/keys/pages/KeyDetailPage'), 'KeyDetailPage') },
    {
      path: 'customers',
      Page: chunk(() => import('../features/customers/pages/CustomersPage'), 'CustomersPage'),
      nav: { group: 'Build', label: 'Customers', visible: reseller },
    },
    { path: 'customers/:id', Page: chunk(() => import('../features/customers/pages/CustomerDetailPage'), 'CustomerDetailPage') },
    { path: 'customers/:id/statements/:month', Page: StatementDetailPage },
    {
      path: 'prices',
      Page: chunk(() => import('../features/prices/pages/PricesPage'), 'PricesPage'),
      nav: { group: 'Build', label: 'Prices', visible: reseller },
    },
    {
      path: 'webhooks',
      Page: chunk(() => import('../features/webhooks/pages/WebhooksPage'), 'WebhooksPage'),
      nav: { group: 'Build', label: 'Webhooks' },
    },
    {
      path: 'management-keys',
      Page: chunk(() => import('../features/management-keys/pages/ManagementKeysPage'), 'ManagementKeysPage'),
      nav: { group: 'Build', label: 'Management keys', visible: owner },
    },
    {
      path: 'audit',
      Page: chunk(() => import('../features/audit/pages/ConsoleAuditPage'), 'ConsoleAuditPage'),
      nav: { group: 'Monitor', label: 'Audit trail' },
    },
    { path: 'audit/:id', Page: chunk(() => import('../features/audit/pages/ConsoleAuditCallPage'), 'ConsoleAuditCallPage') },
    {
      path: 'usage',
      Page: chunk(() => import('../features/reports/pages/UsagePage'), 'UsagePage'),
      nav: { group: 'Monitor', label: 'Usage' },
    },
    {
      path: 'statements',
      Page: chunk(() => import('../features/statements/pages/StatementsPage'), 'StatementsPage'),
      nav: { group: 'Monitor', label: 'Statements' },
    },
    { path: 'statements/:month', Page: StatementDetailPage },
    {
      path: 'activity',
      Page: chunk(() => import('../features/activity/pages/ConsoleActivityPage'), 'ConsoleActivityPage'),
      nav: { group: 'Monitor', label: 'Activity' },
    },
    { path: 'plan', Page: chunk(() => import('../features/plans/pages/PlanPage'), 'PlanPage'), nav: { group: 'Account', label: 'Plan' } },
    {
      path: 'team',
      Page: chunk(() => import('../features/team/pages/TeamPage'), 'TeamPage'),
      nav: { group: 'Account', label: 'Team', visible: owner },
    },
    { path: 'account', Page: AccountPage, nav: { group: 'Account', label: 'Your account' } },
  ],
};

export const ADMIN: Area = {
  base: '/admin',
  label: 'Admin',
  session: 'admin',
  redirect: '/admin/tenants',
  back: { to: '/admin/tenants', label: 'Back to the tenants' },
  pages: [
    {
      path: 'tenants',
      Page: chunk(() => import('../features/tenants/pages/TenantsPage'), 'TenantsPage'),
      nav: { group: 'Accounts', label: 'Tenants' },
    },
    { path: 'tenants/:id', Page: chunk(() => import('../features/tenants/pages/TenantDetailPage'), 'TenantDetailPage') },
    { path: 'keys/:id', Page: chunk(() => import('../features/keys/pages/AdminKeyPage'), 'AdminKeyPage') },
    {
      path: 'plans',
      Page: chunk(() => import('../features/plans/pages/AdminPlansPage'), 'AdminPlansPage'),
      nav: { group: 'Accounts', label: 'Plans' },
    },
    {
      path: 'operators',
      Page: chunk(() => import('../features/operators/pages/OperatorsPage'), 'OperatorsPage'),
      nav: { group: 'Accounts', label: 'Operators' },
    },
    {
      path: 'catalog',
      Page: chunk(() => import('../features/catalog/pages/AdminCatalogPage'), 'AdminCatalogPage'),
      nav: { group: 'Catalog', label: 'Endpoints' },
    },
    { path: 'catalog/new', Page: chunk(() => import('../features/catalog/pages/NewEndpointPage'), 'NewEndpointPage') },
    { path: 'catalog/:slug', Page: chunk(() => import('../features/catalog/pages/CatalogEndpointPage'), 'CatalogEndpointPage') },
    {
      path: 'latency',
      Page: chunk(() => import('../features/reports/pages/LatencyPage'), 'LatencyPage'),
      nav: { group: 'Catalog', label: 'Latency' },
    },
    {
      path: 'revenue',
      Page: chunk(() => import('../features/reports/pages/RevenuePage'), 'RevenuePage'),
      nav: { group: 'Money and calls', label: 'Revenue' },
    },
    {
      path: 'audit',
      Page: chunk(() => import('../features/audit/pages/AdminAuditPage'), 'AdminAuditPage'),
      nav: { group: 'Money and calls', label: 'Audit trail' },
    },
    { path: 'audit/:id', Page: chunk(() => import('../features/audit/pages/AdminAuditCallPage'), 'AdminAuditCallPage') },
    {
      path: 'activity',
      Page: chunk(() => import('../features/activity/pages/AdminActivityPage'), 'AdminActivityPage'),
      nav: { group: 'Money and calls', label: 'Activity' },
    },
    { path: 'account', Page: AccountPage, nav: { group: 'You', label: 'Your account' } },
  ],
};
