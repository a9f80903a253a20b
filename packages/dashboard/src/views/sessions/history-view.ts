import { html, nothing } from 'lit';
import { projectPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';
import { formatTime } from '../review/review-types';

interface HistoryEvent {
  at: string;
  kind: 'transition' | 'attempt_started' | 'attempt_decided' | 'reviewed' | 'webhook_delivery';
  fromStatus: string | null;
  toStatus: string | null;
  attemptId: string | null;
  attemptStatus: string | null;
  reviewedBy: string | null;
  failureReason: string | null;
  delivery: {
    id: string;
    type: string;
    status: string;
    attempts: number;
    attemptLog: { attempt: number; statusCode: number; at: string }[];
  } | null;
}

interface History {
  session: { id: string; status: string | null; environment: string | null; createdAt: string };
  events: HistoryEvent[];
}

function describe(event: HistoryEvent) {
  switch (event.kind) {
    case 'transition':
      return event.fromStatus
        ? html`Status <strong>${event.fromStatus}</strong> → <strong>${event.toStatus}</strong>`
        : html`Created as <strong>${event.toStatus}</strong>`;
    case 'attempt_started':
      return html`Attempt <code>${event.attemptId}</code> started (submit)`;
    case 'attempt_decided':
      return html`Attempt <code>${event.attemptId}</code> decided:
        <strong>${event.attemptStatus}</strong>${event.failureReason ? ` (${event.failureReason})` : ''}`;
    case 'reviewed':
      return html`Reviewed by <code>${event.reviewedBy}</code>:
        <strong>${event.attemptStatus}</strong>${event.failureReason ? ` — ${event.failureReason}` : ''}`;
    case 'webhook_delivery': {
      const delivery = event.delivery;
      if (!delivery) return nothing;
      const last = delivery.attemptLog[delivery.attemptLog.length - 1];
      return html`Webhook <code>${delivery.type}</code>: ${delivery.status} after ${delivery.attempts}
        attempt${delivery.attempts === 1 ? '' : 's'}${last ? ` (last answer ${last.statusCode || 'none'} at ${formatTime(last.at)})` : ''}`;
    }
  }
}

/** A session's state history (issue 29 item 4): every transition, attempt and webhook delivery it caused, oldest first. */
export class SessionHistoryView extends DashboardViewElement {
  static override properties = { ...DashboardViewElement.properties, history: { state: true } };
  declare history: History | null;

  constructor() {
    super();
    this.history = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    const { projectId, sessionId } = context.params;
    this.history = await context.api.get<History>(projectPath(projectId, `/sessions/${encodeURIComponent(sessionId)}/history`));
  }

  override render() {
    const history = this.history;
    const projectId = this.context?.params.projectId ?? '';
    return html`<p>Session <code>${this.context?.params.sessionId ?? ''}</code></p>
      ${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${
        history
          ? html`<p>
                Now <strong data-testid="history-status">${history.session.status}</strong> (${history.session.environment}) ·
                <a href=${`#/projects/${encodeURIComponent(projectId)}/sessions/${encodeURIComponent(history.session.id)}/case`}
                  >Case view</a
                >
              </p>
              <ol class="dash-timeline" data-testid="history-events">
                ${history.events.map((event) => html`<li><time datetime=${event.at}>${formatTime(event.at)}</time> ${describe(event)}</li>`)}
              </ol>`
          : nothing
      }`;
  }
}
