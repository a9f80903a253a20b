import { html, nothing } from 'lit';
import { withQuery } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface AuditEntry {
  id: string;
  occurredAt: string;
  operatorId: string;
  operatorRole: string;
  action: string;
  target: string | null;
  outcome: string;
  statusCode: number;
  requestId: string;
  channel: string;
}

interface Operator {
  id: string;
  email: string;
}

const PAGE = 25;

/**
 * The audit log, newest first, filtered by operator and action, a page at a time; admins may
 * export the filtered log as CSV (GET /admin/v1/audit-log.csv). Operators are named by e-mail
 * where the viewer may list operators (admins); otherwise by id.
 */
export class AuditView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    entries: { state: true },
    nextBefore: { state: true },
    pages: { state: true },
    operators: { state: true },
  };
  declare entries: AuditEntry[];
  declare nextBefore: string | null;
  declare pages: (string | null)[];
  declare operators: Operator[];

  constructor() {
    super();
    this.entries = [];
    this.nextBefore = null;
    this.pages = [null];
    this.operators = [];
  }

  private filters(context: ViewContext) {
    return { operatorId: context.query.get('operatorId') ?? '', action: context.query.get('action') ?? '' };
  }

  protected async load(context: ViewContext): Promise<void> {
    if (context.operator.role === 'admin' && !this.operators.length)
      this.operators = (await context.api.get<{ operators: Operator[] }>('/admin/v1/operators')).operators;
    this.pages = [null];
    await this.loadPage(context, null);
  }

  private async loadPage(context: ViewContext, before: string | null): Promise<void> {
    const page = await context.api.get<{ entries: AuditEntry[]; nextBefore: string | null }>('/admin/v1/audit-log', {
      ...this.filters(context),
      limit: PAGE,
      before,
    });
    this.entries = page.entries;
    this.nextBefore = page.nextBefore;
  }

  private async page(direction: 1 | -1): Promise<void> {
    const context = this.context as ViewContext;
    const pages = direction === 1 ? [...this.pages, this.nextBefore] : this.pages.slice(0, -1);
    await this.run(async () => {
      await this.loadPage(context, pages[pages.length - 1]);
      this.pages = pages;
    });
  }

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.context?.navigate(
      withQuery('/audit', { operatorId: String(data.get('operatorId') ?? '').trim(), action: String(data.get('action') ?? '').trim() }),
    );
  }

  private operatorName(id: string): string {
    return this.operators.find((operator) => operator.id === id)?.email ?? id;
  }

  override render() {
    const context = this.context;
    if (!context) return nothing;
    const filters = this.filters(context);
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      <form class="dash-card dash-row" @submit=${(event: SubmitEvent) => this.filter(event)}>
        <div>
          <label for="audit-operator">Operator</label>
          ${
            this.operators.length
              ? html`<select id="audit-operator" name="operatorId">
                  <option value="">anyone</option>
                  <option value="bootstrap" ?selected=${filters.operatorId === 'bootstrap'}>bootstrap (ADMIN_TOKEN)</option>
                  ${this.operators.map((operator) => html`<option value=${operator.id} ?selected=${operator.id === filters.operatorId}>${operator.email}</option>`)}
                </select>`
              : html`<input id="audit-operator" name="operatorId" .value=${filters.operatorId} placeholder="operator id" />`
          }
        </div>
        <div>
          <label for="audit-action">Action</label>
          <input id="audit-action" name="action" .value=${filters.action} placeholder="e.g. keys.rotate" />
        </div>
        <button type="submit" class="dash-primary">Filter</button>
        ${
          context.operator.role === 'admin'
            ? html`<a href=${withQuery('/admin/v1/audit-log.csv', filters)} download="audit-log.csv">Export these entries as CSV</a>`
            : nothing
        }
      </form>
      <table data-testid="audit-table">
        <caption class="dash-muted">
          Newest first, page ${this.pages.length}
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Operator</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Outcome</th>
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          ${this.entries.map(
            (entry) =>
              html`<tr>
                <td>${new Date(entry.occurredAt).toLocaleString()}</td>
                <td>${this.operatorName(entry.operatorId)} <span class="dash-role">${entry.operatorRole}</span></td>
                <td><code>${entry.action}</code></td>
                <td><code>${entry.target ?? ''}</code></td>
                <td>
                  <span class="dash-badge ${entry.outcome === 'succeeded' ? 'ok' : 'bad'}">${entry.outcome}</span> ${entry.statusCode}
                </td>
                <td><code>${entry.requestId}</code></td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p>
        <button type="button" ?disabled=${this.pages.length < 2 || this.busy} @click=${() => this.page(-1)}>Newer</button>
        <button type="button" ?disabled=${!this.nextBefore || this.busy} @click=${() => this.page(1)}>Older</button>
      </p>`;
  }
}
