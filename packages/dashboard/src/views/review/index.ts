import type { DashboardView } from '../../registry';

/**
 * The reviewer's views (issue 29 item 3): the manual-review queue and the case view. Each view
 * module defines its custom element and adds its definition here; the shell shows them to the
 * roles they name.
 */
export const reviewViews: DashboardView[] = [];
