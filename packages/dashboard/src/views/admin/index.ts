import type { DashboardView } from '../../registry';
import { BillingView } from './billing-view';
import { BrandingView } from './branding-view';
import { DeliveriesView } from './deliveries-view';
import { KeysView } from './keys-view';
import { ProjectsView } from './projects-view';
import { ScoringView } from './scoring-view';
import { SettingsView } from './settings-view';
import { WebhookView } from './webhook-view';

customElements.define('kyc-projects-view', ProjectsView);
customElements.define('kyc-keys-view', KeysView);
customElements.define('kyc-webhook-view', WebhookView);
customElements.define('kyc-deliveries-view', DeliveriesView);
customElements.define('kyc-branding-view', BrandingView);
customElements.define('kyc-settings-view', SettingsView);
customElements.define('kyc-billing-view', BillingView);
customElements.define('kyc-scoring-view', ScoringView);

/** Admins write here; read-only operators see the same screens with every control disabled. Reviewers see projects only. */
const INTEGRATORS = ['admin', 'read_only'] as const;
const ENV = '/projects/:projectId/environments/:environment';

/** The integrator's views (issue 29 item 2). */
export const adminViews: DashboardView[] = [
  {
    id: 'admin.projects',
    path: '/projects',
    title: 'Projects',
    roles: ['admin', 'read_only', 'reviewer'],
    nav: { group: 'Integration', label: 'Projects', order: 0 },
    tag: 'kyc-projects-view',
  },
  {
    id: 'admin.keys',
    path: `${ENV}/keys`,
    title: 'API keys',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'API keys', order: 1 },
    tag: 'kyc-keys-view',
  },
  {
    id: 'admin.webhook',
    path: `${ENV}/webhook`,
    title: 'Webhook endpoint',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'Webhook', order: 2 },
    tag: 'kyc-webhook-view',
  },
  {
    id: 'admin.deliveries',
    path: `${ENV}/deliveries`,
    title: 'Webhook deliveries',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'Deliveries', order: 3 },
    tag: 'kyc-deliveries-view',
  },
  {
    id: 'admin.branding',
    path: `${ENV}/branding`,
    title: 'Branding of the hosted pages',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'Branding', order: 4 },
    tag: 'kyc-branding-view',
  },
  {
    id: 'admin.settings',
    path: `${ENV}/settings`,
    title: 'Configuration',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'Configuration', order: 5 },
    tag: 'kyc-settings-view',
  },
  {
    id: 'admin.billing',
    path: `${ENV}/billing`,
    title: 'Balance and ledger',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'Billing', order: 6 },
    tag: 'kyc-billing-view',
  },
  {
    id: 'admin.scoring',
    path: `${ENV}/scoring`,
    title: 'Scoring policy',
    roles: INTEGRATORS,
    nav: { group: 'Integration', label: 'Scoring policy', order: 7 },
    tag: 'kyc-scoring-view',
  },
];
