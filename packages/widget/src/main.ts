import './widget.css';
import { KycWidget } from './kyc-widget';
import { takeEmbedToken } from './link-token';

customElements.define('kyc-widget', KycWidget);

// The page is /widget/sessions/{id}; the embed token comes in the link's fragment (never sent to a server).
const sessionId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const widget = document.querySelector<KycWidget>('kyc-widget');
widget?.start(sessionId, takeEmbedToken(sessionId, window));
