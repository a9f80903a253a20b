import type { DashboardView } from '../registry';
import { adminViews } from './admin/index.js';
import { auditViews } from './audit/index.js';
import { reviewViews } from './review/index.js';
import { sessionsViews } from './sessions/index.js';

/**
 * Every view of the dashboard: each area's folder exports its list (and defines its elements on
 * import). Add a view by adding it to its area's list; the shell filters them by role.
 */
export const DASHBOARD_VIEWS: readonly DashboardView[] = [...adminViews, ...reviewViews, ...sessionsViews, ...auditViews];
