import type { DashboardView } from './registry';

/** Two views of different roles, for the router's and the registry's unit tests. */
export const DASHBOARD_VIEWS_FOR_TEST: DashboardView[] = [
  { id: 'keys', path: '/projects/:projectId/environments/:environment/keys', title: 'Keys', roles: ['admin', 'read_only'], tag: 'x-keys' },
  { id: 'audit', path: '/audit', title: 'Audit', roles: ['admin', 'reviewer', 'read_only'], tag: 'x-audit' },
];
