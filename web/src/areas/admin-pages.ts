/** The admin area's pages: one chunk, loaded when an operator first opens it. */
export { AdminAuditPage } from '../pages/admin/AdminAuditPage';
export { AdminCatalogPage } from '../pages/admin/AdminCatalogPage';
export { AdminPlansPage } from '../pages/admin/AdminPlansPage';
export { CatalogEndpointPage } from '../pages/admin/CatalogEndpointPage';
export { LatencyPage } from '../pages/admin/LatencyPage';
export { NewEndpointPage } from '../pages/admin/NewEndpointPage';
export { OperatorsPage } from '../pages/admin/OperatorsPage';
export { RevenuePage } from '../pages/admin/RevenuePage';
export { TenantDetailPage } from '../pages/admin/TenantDetailPage';
export { TenantsPage } from '../pages/admin/TenantsPage';
