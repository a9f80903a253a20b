import type { DashboardView } from '../../registry';

/** The sessions search and a session's state history (issue 29 item 4), for every role. */
export const sessionsViews: DashboardView[] = [];
