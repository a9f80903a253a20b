import { html, nothing } from 'lit';
import { environmentPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface Account {
  balance: number;
  trialRemaining: number;
  creditLimit: number;
}

interface LedgerEntry {
  id: string;
  kind: string;
  amount: number;
  source: string | null;
  sessionId: string | null;
  balanceAfter: number | null;
  trialRemainingAfter: number | null;
  creditLimitAfter: number | null;
  createdAt: string;
}

const PAGE = 20;

/** Balance (in verifications), the ledger newest first with paging, and a top-up. */
export class BillingView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    account: { state: true },
    entries: { state: true },
    nextBefore: { state: true },
    pages: { state: true },
  };
  declare account: Account | null;
  declare entries: LedgerEntry[];
  declare nextBefore: string | null;
  /** The `before` of each page shown so far, to go back. */
  declare pages: (string | null)[];

  constructor() {
    super();
    this.account = null;
    this.entries = [];
    this.nextBefore = null;
    this.pages = [null];
  }

  protected async load(context: ViewContext): Promise<void> {
    if (!context.projectId) return;
    this.pages = [null];
    await Promise.all([this.loadAccount(context), this.loadPage(context, null)]);
  }

  private async loadAccount(context: ViewContext): Promise<void> {
    this.account = await context.api.get<Account>(environmentPath(context.projectId as string, context.environment, '/balance'));
  }

  private async loadPage(context: ViewContext, before: string | null): Promise<void> {
    const page = await context.api.get<{ entries: LedgerEntry[]; nextBefore: string | null }>(
      environmentPath(context.projectId as string, context.environment, '/balance/history'),
      { limit: PAGE, before },
    );
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

  private async topUp(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const form = event.target as HTMLFormElement;
    const amount = Number(new FormData(form).get('amount'));
    await this.run(async () => {
      this.account = await context.api.post<Account>(environmentPath(context.projectId as string, context.environment, '/balance'), {
        amount,
      });
      form.reset();
      context.announce(`Topped up by ${amount} verifications`);
      this.pages = [null];
      await this.loadPage(context, null);
    });
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    const canWrite = context.canWrite;
    const account = this.account;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      <section class="dash-card" aria-labelledby="account-heading">
        <h2 id="account-heading">Account of ${context.environment}</h2>
        ${
          account
            ? html`<dl class="dash-row" data-testid="account">
                <div>
                  <dt>Balance</dt>
                  <dd>${account.balance} verifications</dd>
                </div>
                <div>
                  <dt>Trial remaining</dt>
                  <dd>${account.trialRemaining}</dd>
                </div>
                <div>
                  <dt>Credit limit</dt>
                  <dd>${account.creditLimit}</dd>
                </div>
              </dl>`
            : html`<p role="status">Loading…</p>`
        }
        <form class="dash-row" @submit=${(event: SubmitEvent) => this.topUp(event)}>
          <div>
            <label for="top-up-amount">Top up (verifications)</label>
            <input id="top-up-amount" name="amount" type="number" min="1" max="1000000" required ?disabled=${!canWrite} />
          </div>
          <button type="submit" class="dash-primary" ?disabled=${!canWrite || this.busy}>Top up</button>
        </form>
      </section>
      <table data-testid="ledger">
        <caption class="dash-muted">
          Ledger, newest first (page ${this.pages.length})
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Kind</th>
            <th scope="col">Amount</th>
            <th scope="col">Source</th>
            <th scope="col">Session</th>
            <th scope="col">Balance after</th>
          </tr>
        </thead>
        <tbody>
          ${this.entries.map(
            (entry) =>
              html`<tr>
                <td>${new Date(entry.createdAt).toLocaleString()}</td>
                <td>${entry.kind}</td>
                <td>${entry.amount}</td>
                <td>${entry.source ?? '—'}</td>
                <td>${entry.sessionId ? html`<code>${entry.sessionId}</code>` : '—'}</td>
                <td>${entry.balanceAfter ?? '—'}</td>
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
