import type { DashboardView } from '../../registry';
import { AuditView } from './audit-view';

customElements.define('kyc-audit-view', AuditView);

/** The audit log (issue 29 item 5): every role may read it (the permission table's audit_log.list). */
export const auditViews: DashboardView[] = [
  {
    id: 'audit.log',
    path: '/audit',
    title: 'Audit log',
    roles: ['admin', 'reviewer', 'read_only'],
    nav: { group: 'Audit', label: 'Audit log', order: 0 },
    tag: 'kyc-audit-view',
  },
];
