import { html, nothing } from 'lit';
import { projectPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';
import { formatTime } from '../review/review-types';
import { emailSearchHash } from './email-hash';

interface SessionRow {
  id: string;
  environment: string | null;
  status: string | null;
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

const STATUSES = [
  'pending',
  'connected',
  'processing',
  'action_required',
  'manual_review',
  'completed',
  'failed',
  'rejected',
  'expired',
  'superseded',
];

/**
 * The sessions search of the picked project environment (issue 29 item 4): by session id, status,
 * creation date range and e-mail (hashed in the browser, see email-hash.ts), newest first, a page
 * at a time; each row links to its history and its case.
 */
export class SessionsView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    sessions: { state: true },
    nextBefore: { state: true },
    pages: { state: true },
  };
  declare sessions: SessionRow[];
  declare nextBefore: string | null;
  /** The `before` of each page shown so far (null: the first), for "Previous". */
  declare pages: (string | null)[];
  private filters: Record<string, string> = {};

  constructor() {
    super();
    this.sessions = [];
    this.nextBefore = null;
    this.pages = [null];
  }

  protected async load(context: ViewContext): Promise<void> {
    this.pages = [null];
    await this.loadPage(context, null);
  }

  private async loadPage(context: ViewContext, before: string | null): Promise<void> {
    const projectId = context.params.projectId ?? context.projectId;
    if (!projectId) return;
    const page = await context.api.get<{ sessions: SessionRow[]; nextBefore: string | null }>(projectPath(projectId, '/sessions'), {
      environment: context.params.environment ?? context.environment,
      limit: 25,
      ...this.filters,
      before,
    });
    this.sessions = page.sessions;
    this.nextBefore = page.nextBefore;
  }

  private async search(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const data = new FormData(event.target as HTMLFormElement);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    // Dates are the operator's local days; `to` includes its whole day (the API's `to` is exclusive).
    const day = (value: string, plusDays: number) =>
      value ? new Date(new Date(`${value}T00:00:00`).getTime() + plusDays * 86_400_000).toISOString() : null;
    const from = day(text('from'), 0);
    const to = day(text('to'), 1);
    const email = text('email');
    await this.run(async () => {
      this.filters = {
        ...(text('sessionId') ? { sessionId: text('sessionId') } : {}),
        ...(text('status') ? { status: text('status') } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(email ? { emailHash: await emailSearchHash(email) } : {}),
      };
      this.pages = [null];
      await this.loadPage(context, null);
      context.announce(`${this.sessions.length} session${this.sessions.length === 1 ? '' : 's'} found`);
    });
  }

  private async page(direction: 'next' | 'previous'): Promise<void> {
    const context = this.context as ViewContext;
    await this.run(async () => {
      if (direction === 'next' && this.nextBefore) {
        this.pages = [...this.pages, this.nextBefore];
      } else if (direction === 'previous' && this.pages.length > 1) {
        this.pages = this.pages.slice(0, -1);
      }
      await this.loadPage(context, this.pages[this.pages.length - 1]);
    });
  }

  override render() {
    const projectId = this.context?.params.projectId ?? this.context?.projectId ?? '';
    const link = (id: string, rest: string) => `#/projects/${encodeURIComponent(projectId)}/sessions/${encodeURIComponent(id)}/${rest}`;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      <form class="dash-card" role="search" aria-label="Search sessions" @submit=${(event: SubmitEvent) => this.search(event)}>
        <div class="dash-row">
          <div>
            <label for="search-session-id">Session id</label>
            <input id="search-session-id" name="sessionId" maxlength="64" autocomplete="off" />
          </div>
          <div>
            <label for="search-status">Status</label>
            <select id="search-status" name="status">
              <option value="">any</option>
              ${STATUSES.map((status) => html`<option value=${status}>${status}</option>`)}
            </select>
          </div>
          <div>
            <label for="search-from">Created from</label>
            <input id="search-from" name="from" type="date" />
          </div>
          <div>
            <label for="search-to">Created to (inclusive)</label>
            <input id="search-to" name="to" type="date" />
          </div>
          <div>
            <label for="search-email">E-mail or its SHA-256</label>
            <input id="search-email" name="email" type="text" autocomplete="off" aria-describedby="search-email-help" />
          </div>
          <button type="submit" class="dash-primary" ?disabled=${this.busy}>Search</button>
        </div>
        <p id="search-email-help" class="dash-muted">
          The e-mail is hashed in your browser (SHA-256 of the trimmed, lower-cased address); only the hash is sent.
        </p>
      </form>
      <table data-testid="sessions-table">
        <caption class="dash-muted">
          Newest first, page ${this.pages.length}
        </caption>
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Updated</th>
            <th scope="col"><span class="dash-muted">Links</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.sessions.map(
            (session) =>
              html`<tr>
                <td><code>${session.id}</code>${session.testMode ? html` <span class="dash-badge">test</span>` : nothing}</td>
                <td>${session.status}</td>
                <td>${formatTime(session.createdAt)}</td>
                <td>${formatTime(session.updatedAt)}</td>
                <td>
                  <a href=${link(session.id, 'history')}>History<span class="dash-visually-hidden"> of ${session.id}</span></a>
                  · <a href=${link(session.id, 'case')}>Case<span class="dash-visually-hidden"> ${session.id}</span></a>
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p>
        <button type="button" ?disabled=${this.pages.length < 2 || this.busy} @click=${() => this.page('previous')}>Previous page</button>
        <button type="button" ?disabled=${!this.nextBefore || this.busy} @click=${() => this.page('next')}>Next page</button>
      </p>`;
  }
}
