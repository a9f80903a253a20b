import { html, nothing } from 'lit';
import { environmentPath, projectPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface ApiKey {
  id: string;
  environment: string | null;
  kind: string;
  prefix: string;
  status: string;
  createdAt: string;
  revokedAt: string | null;
  publishableKey?: string;
}

interface IssuedPair {
  environment: string;
  secretKey: string;
  publishableKey: string;
}

/**
 * An environment's API keys: prefixes and status only (the API never answers a secret after
 * creation). "Issue a new key pair" creates the environment's pair, or rotates it (the old pair is
 * revoked); the new secret is shown once, in this element's memory only, until dismissed.
 */
export class KeysView extends DashboardViewElement {
  static override properties = { ...DashboardViewElement.properties, keys: { state: true }, issued: { state: true } };
  declare keys: ApiKey[];
  declare issued: IssuedPair | null;

  constructor() {
    super();
    this.keys = [];
    this.issued = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    if (!context.projectId) return;
    const { keys } = await context.api.get<{ keys: ApiKey[] }>(projectPath(context.projectId, '/keys'));
    this.keys = keys.filter((key) => key.environment === context.environment);
  }

  private async rotate(): Promise<void> {
    const context = this.context as ViewContext;
    const active = this.keys.some((key) => key.status === 'active');
    if (active && !confirm(`Issue a new ${context.environment} key pair? The current pair stops working at once.`)) return;
    await this.run(async () => {
      this.issued = await context.api.post<IssuedPair>(environmentPath(context.projectId as string, context.environment, '/keys/rotate'));
      context.announce('New key pair issued: copy the secret key now, it is not shown again');
      await this.load(context);
      this.updateComplete.then(() => this.querySelector<HTMLElement>('#issued-heading')?.focus());
    });
  }

  private async revoke(key: ApiKey): Promise<void> {
    const context = this.context as ViewContext;
    if (!confirm(`Revoke ${key.prefix}…? Calls with it stop at once.`)) return;
    await this.run(async () => {
      await context.api.post(projectPath(context.projectId as string, `/keys/${encodeURIComponent(key.id)}/revoke`));
      context.announce(`${key.prefix}… revoked`);
      await this.load(context);
    });
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    const canWrite = context.canWrite;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${
        this.issued
          ? html`<section class="dash-card" aria-labelledby="issued-heading" data-testid="issued-keys">
              <h2 id="issued-heading" tabindex="-1">New ${this.issued.environment} key pair: shown once</h2>
              <p>
                Copy the secret key now and keep it in your server's secret store. It is stored only as a hash: nobody can show it again.
              </p>
              <p><strong>Secret key</strong></p>
              <p class="dash-secret" data-testid="issued-secret">${this.issued.secretKey}</p>
              <p><strong>Publishable key</strong> (safe in a browser)</p>
              <p class="dash-mono">${this.issued.publishableKey}</p>
              <button type="button" @click=${() => (this.issued = null)}>I have stored the secret key</button>
            </section>`
          : nothing
      }
      <table data-testid="keys-table">
        <caption class="dash-muted">
          Keys of ${context.environment}
        </caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Prefix</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Revoked</th>
            <th scope="col"><span class="dash-muted">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.keys.map(
            (key) =>
              html`<tr>
                <td>${key.kind}</td>
                <td><code>${key.publishableKey ?? `${key.prefix}…`}</code></td>
                <td><span class="dash-badge ${key.status === 'active' ? 'ok' : 'bad'}">${key.status}</span></td>
                <td>${new Date(key.createdAt).toLocaleString()}</td>
                <td>${key.revokedAt ? new Date(key.revokedAt).toLocaleString() : '—'}</td>
                <td>
                  ${
                    key.status === 'active'
                      ? html`<button type="button" class="dash-danger" ?disabled=${!canWrite || this.busy} @click=${() => this.revoke(key)}>
                          Revoke ${key.prefix}…
                        </button>`
                      : nothing
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p>
        <button type="button" class="dash-primary" ?disabled=${!canWrite || this.busy} @click=${() => this.rotate()}>
          ${this.keys.some((key) => key.status === 'active') ? 'Rotate: issue a new key pair' : 'Create a key pair'}
        </button>
      </p>
      ${canWrite ? nothing : html`<p class="dash-muted">Your role may read only.</p>`}`;
  }
}
