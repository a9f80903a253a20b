import type { DashboardView } from '../../registry';
import { ReviewCaseView } from './case-view';
import { ReviewQueueView } from './queue-view';

customElements.define('kyc-review-queue-view', ReviewQueueView);
customElements.define('kyc-review-case-view', ReviewCaseView);

/**
 * The reviewer's views (issue 29 item 3): the manual-review queue and the case view. Every role
 * reads them (each case view is audited); only admins and reviewers get the decision form, and
 * the API refuses it to anyone else.
 */
export const reviewViews: DashboardView[] = [
  {
    id: 'review.queue',
    path: '/projects/:projectId/environments/:environment/review',
    title: 'Review queue',
    roles: ['admin', 'reviewer', 'read_only'],
    nav: { group: 'Review', label: 'Queue', order: 0 },
    tag: 'kyc-review-queue-view',
  },
  {
    id: 'review.case',
    path: '/projects/:projectId/sessions/:sessionId/case',
    title: 'Case',
    roles: ['admin', 'reviewer', 'read_only'],
    tag: 'kyc-review-case-view',
  },
];
