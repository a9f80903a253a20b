import type { DashboardView } from '../../registry';
import { SessionHistoryView } from './history-view';
import { SessionsView } from './sessions-view';

customElements.define('kyc-sessions-view', SessionsView);
customElements.define('kyc-session-history-view', SessionHistoryView);

/** The sessions search and a session's state history (issue 29 item 4), for every role. */
export const sessionsViews: DashboardView[] = [
  {
    id: 'sessions.search',
    path: '/projects/:projectId/environments/:environment/sessions',
    title: 'Sessions',
    roles: ['admin', 'reviewer', 'read_only'],
    nav: { group: 'Sessions', label: 'Search', order: 0 },
    tag: 'kyc-sessions-view',
  },
  {
    id: 'sessions.history',
    path: '/projects/:projectId/sessions/:sessionId/history',
    title: 'Session history',
    roles: ['admin', 'reviewer', 'read_only'],
    tag: 'kyc-session-history-view',
  },
];
