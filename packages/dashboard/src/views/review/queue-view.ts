import { html, nothing } from 'lit';
import { environmentPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';
import { type ReviewQueue, formatAge, formatTime, markLabel } from './review-types';

/**
 * The manual-review queue of the picked project environment, oldest first (issue 29 item 3): how
 * many wait and for how long, and who has a case open ("opened by", 15 minutes; it informs, it
 * does not lock). Every role reads it; the case view decides.
 */
export class ReviewQueueView extends DashboardViewElement {
  static override properties = { ...DashboardViewElement.properties, queue: { state: true } };
  declare queue: ReviewQueue | null;

  constructor() {
    super();
    this.queue = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    const projectId = context.params.projectId ?? context.projectId;
    const environment = context.params.environment ?? context.environment;
    if (!projectId) return;
    this.queue = await context.api.get<ReviewQueue>(environmentPath(projectId, environment, '/review-queue'), { limit: 200 });
  }

  private refresh(): void {
    const context = this.context as ViewContext;
    void this.run(async () => {
      await this.load(context);
      context.announce(`Queue refreshed: ${this.queue?.count ?? 0} waiting`);
    });
  }

  override render() {
    const context = this.context;
    const projectId = context?.params.projectId ?? context?.projectId ?? '';
    const queue = this.queue;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
    ${
      queue
        ? html`<p data-testid="queue-summary">
            <strong>${queue.count}</strong> ${queue.count === 1 ? 'case waits' : 'cases wait'} in
            ${queue.environment}${
              queue.items.length ? html`; the oldest for <strong>${formatAge(queue.items[0].ageSeconds)}</strong>` : nothing
            }.
            <button type="button" @click=${() => this.refresh()} ?disabled=${this.busy}>Refresh</button>
          </p>`
        : nothing
    }
    ${
      queue && queue.items.length
        ? html`<table data-testid="review-queue">
            <caption class="dash-muted">
              Oldest first. A mark says who opened a case in the last 15 minutes; it does not lock it.
            </caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">In review since</th>
                <th scope="col">Waiting</th>
                <th scope="col">Issues</th>
                <th scope="col">Opened by</th>
              </tr>
            </thead>
            <tbody>
              ${queue.items.map(
                (item) =>
                  html`<tr>
                    <td>
                      <a href=${`#/projects/${encodeURIComponent(projectId)}/sessions/${encodeURIComponent(item.sessionId)}/case`}
                        ><code>${item.sessionId}</code></a
                      >
                    </td>
                    <td>${formatTime(item.inReviewSince)}</td>
                    <td>${formatAge(item.ageSeconds)}</td>
                    <td>${item.issueCodes.length ? item.issueCodes.join(', ') : html`<span class="dash-muted">none</span>`}</td>
                    <td data-testid="opened-by">
                      ${
                        item.openedBy.length
                          ? item.openedBy.map((mark) => html`<span class="dash-badge bad">Opened by ${markLabel(mark)}</span> `)
                          : html`<span class="dash-muted">nobody</span>`
                      }
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : queue
          ? html`<p class="dash-card">No session waits for review in this environment.</p>`
          : nothing
    }`;
  }
}
