import type { DashboardView } from '../../registry';
import { ProjectsView } from './projects-view';

customElements.define('kyc-projects-view', ProjectsView);

/** The integrator's views (issue 29 item 2): admins write, read-only operators see; reviewers see no keys, webhooks or billing. */
export const adminViews: DashboardView[] = [
  {
    id: 'admin.projects',
    path: '/projects',
    title: 'Projects',
    roles: ['admin', 'read_only', 'reviewer'],
    nav: { group: 'Integration', label: 'Projects', order: 0 },
    tag: 'kyc-projects-view',
  },
];
