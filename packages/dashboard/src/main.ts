import './dashboard.css';
import { KycDashboard } from './dashboard-app';
import { DASHBOARD_VIEWS } from './views/index.js';

customElements.define('kyc-dashboard', KycDashboard);
const app = document.querySelector<KycDashboard>('kyc-dashboard');
if (app) {
  app.views = DASHBOARD_VIEWS;
  app.requestUpdate();
}
