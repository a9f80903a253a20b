import type { DashboardView } from '../../registry';

/** The audit log (issue 29 item 5). */
export const auditViews: DashboardView[] = [];
