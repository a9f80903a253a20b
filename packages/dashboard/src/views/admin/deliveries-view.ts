import { html, nothing } from 'lit';
import { environmentPath, projectPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface Delivery {
  id: string;
  eventId: string;
  type: string;
  sessionId: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  attemptLog: { attempt: number; statusCode: number; latencyMs: number; error: string; at: string }[];
}

/**
 * The delivery log of an environment's webhook, newest first: filtered by status, event type and
 * session here in the page (the API answers the newest `limit`), each with its attempts. Replay
 * sends one delivery again now with the same event id; a range is the selected rows (or every
 * row the filters show), replayed one by one.
 */
export class DeliveriesView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    deliveries: { state: true },
    selected: { state: true },
    status: { state: true },
    type: { state: true },
    session: { state: true },
    limit: { state: true },
    replayed: { state: true },
  };
  declare deliveries: Delivery[];
  declare selected: Set<string>;
  declare status: string;
  declare type: string;
  declare session: string;
  declare limit: number;
  declare replayed: string | null;

  constructor() {
    super();
    this.deliveries = [];
    this.selected = new Set();
    this.status = '';
    this.type = '';
    this.session = '';
    this.limit = 50;
    this.replayed = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    if (!context.projectId) return;
    const { deliveries } = await context.api.get<{ deliveries: Delivery[] }>(
      environmentPath(context.projectId, context.environment, '/webhook/deliveries'),
      {
        limit: this.limit,
      },
    );
    this.deliveries = deliveries;
    this.selected = new Set([...this.selected].filter((id) => deliveries.some((delivery) => delivery.id === id)));
  }

  private shown(): Delivery[] {
    const session = this.session.trim();
    return this.deliveries.filter(
      (delivery) =>
        (!this.status || delivery.status === this.status) &&
        (!this.type || delivery.type === this.type) &&
        (!session || delivery.sessionId.includes(session)),
    );
  }

  private toggle(id: string, on: boolean): void {
    const next = new Set(this.selected);
    if (on) next.add(id);
    else next.delete(id);
    this.selected = next;
  }

  private async replay(ids: string[]): Promise<void> {
    const context = this.context as ViewContext;
    if (!ids.length) return;
    await this.run(async () => {
      let done = 0;
      for (const id of ids) {
        await context.api.post(projectPath(context.projectId as string, `/webhook/deliveries/${encodeURIComponent(id)}/replay`));
        done++;
      }
      this.replayed = `${done} deliver${done === 1 ? 'y' : 'ies'} queued to be sent again now (same event id).`;
      context.announce(this.replayed);
      this.selected = new Set();
      await this.load(context);
    });
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    const canWrite = context.canWrite;
    const shown = this.shown();
    const types = [...new Set(this.deliveries.map((delivery) => delivery.type))].sort();
    const statuses = ['pending', 'sending', 'delivered', 'failed'];
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${this.replayed ? html`<p class="dash-success" data-testid="replayed">${this.replayed}</p>` : nothing}
      <form class="dash-card dash-row" @submit=${(event: Event) => event.preventDefault()}>
        <div>
          <label for="filter-status">Status</label>
          <select id="filter-status" @change=${(event: Event) => (this.status = (event.target as HTMLSelectElement).value)}>
            <option value="">any</option>
            ${statuses.map((status) => html`<option value=${status} ?selected=${status === this.status}>${status}</option>`)}
          </select>
        </div>
        <div>
          <label for="filter-type">Event type</label>
          <select id="filter-type" @change=${(event: Event) => (this.type = (event.target as HTMLSelectElement).value)}>
            <option value="">any</option>
            ${types.map((type) => html`<option value=${type} ?selected=${type === this.type}>${type}</option>`)}
          </select>
        </div>
        <div>
          <label for="filter-session">Session id contains</label>
          <input
            id="filter-session"
            .value=${this.session}
            @input=${(event: Event) => (this.session = (event.target as HTMLInputElement).value)}
          />
        </div>
        <div>
          <label for="filter-limit">Newest</label>
          <select
            id="filter-limit"
            @change=${(event: Event) => {
              this.limit = Number((event.target as HTMLSelectElement).value);
              void this.run(() => this.load(context));
            }}
          >
            ${[20, 50, 100].map((limit) => html`<option value=${limit} ?selected=${limit === this.limit}>${limit}</option>`)}
          </select>
        </div>
        <button type="button" @click=${() => this.run(() => this.load(context))}>Refresh</button>
      </form>
      <p>
        <button type="button" ?disabled=${!canWrite || this.busy || !this.selected.size} @click=${() => this.replay([...this.selected])}>
          Replay the ${this.selected.size} selected
        </button>
        <button
          type="button"
          ?disabled=${!canWrite || this.busy || !shown.length}
          @click=${() => this.replay(shown.map((delivery) => delivery.id))}
        >
          Replay all ${shown.length} shown
        </button>
      </p>
      <table data-testid="deliveries-table">
        <caption class="dash-muted">
          ${shown.length} of the newest ${this.deliveries.length} deliveries
        </caption>
        <thead>
          <tr>
            <th scope="col"><span class="dash-muted">Select</span></th>
            <th scope="col">Created</th>
            <th scope="col">Event</th>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col"><span class="dash-muted">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${shown.map(
            (delivery) =>
              html`<tr data-delivery=${delivery.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label=${`Select the ${delivery.type} delivery of ${delivery.createdAt}`}
                    .checked=${this.selected.has(delivery.id)}
                    ?disabled=${!canWrite}
                    @change=${(event: Event) => this.toggle(delivery.id, (event.target as HTMLInputElement).checked)}
                  />
                </td>
                <td>${new Date(delivery.createdAt).toLocaleString()}</td>
                <td>${delivery.type}<br /><code>${delivery.eventId}</code></td>
                <td><code>${delivery.sessionId}</code></td>
                <td>
                  <span class="dash-badge ${delivery.status === 'delivered' ? 'ok' : delivery.status === 'failed' ? 'bad' : ''}"
                    >${delivery.status}</span
                  >
                </td>
                <td>
                  <details>
                    <summary>${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}</summary>
                    <ul>
                      ${delivery.attemptLog.map(
                        (attempt) =>
                          html`<li>
                            #${attempt.attempt} ${new Date(attempt.at).toLocaleTimeString()}: ${attempt.statusCode || 'no answer'},
                            ${attempt.latencyMs} ms${attempt.error ? ` (${attempt.error})` : ''}
                          </li>`,
                      )}
                    </ul>
                  </details>
                </td>
                <td>
                  <button
                    type="button"
                    ?disabled=${!canWrite || this.busy}
                    @click=${() => this.replay([delivery.id])}
                    aria-label=${`Replay the ${delivery.type} delivery of ${delivery.createdAt}`}
                  >
                    Replay
                  </button>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`;
  }
}
