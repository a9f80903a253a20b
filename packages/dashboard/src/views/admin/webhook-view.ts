import { html, nothing } from 'lit';
import { ApiError, environmentPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface EndpointState {
  url: string;
  updatedAt: string | null;
  previousSecretExpiresAt: string | null;
}

/**
 * The environment's webhook endpoint: its URL (set or changed), and the signing secret's rotation
 * with an overlap window during which the old secret signs beside the new one. A secret is shown
 * once: when the endpoint is created or the secret rotated.
 */
export class WebhookView extends DashboardViewElement {
  static override properties = { ...DashboardViewElement.properties, endpoint: { state: true }, secret: { state: true } };
  declare endpoint: EndpointState | null;
  declare secret: { value: string; previousSecretExpiresAt: string | null } | null;

  constructor() {
    super();
    this.endpoint = null;
    this.secret = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    if (!context.projectId) return;
    try {
      this.endpoint = await context.api.get<EndpointState>(environmentPath(context.projectId, context.environment, '/webhook'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) this.endpoint = null;
      else throw error;
    }
  }

  private async setUrl(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const url = String(new FormData(event.target as HTMLFormElement).get('url') ?? '').trim();
    await this.run(async () => {
      const answer = await context.api.put<{ url: string; secret?: string }>(
        environmentPath(context.projectId as string, context.environment, '/webhook'),
        { url },
      );
      if (answer.secret) this.secret = { value: answer.secret, previousSecretExpiresAt: null };
      context.announce(answer.secret ? 'Endpoint created: copy its signing secret now' : 'Endpoint URL saved');
      await this.load(context);
    });
  }

  private async rotate(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const overlapHours = Number(new FormData(event.target as HTMLFormElement).get('overlapHours'));
    await this.run(async () => {
      const answer = await context.api.post<{ secret: string; previousSecretExpiresAt: string | null }>(
        environmentPath(context.projectId as string, context.environment, '/webhook/rotate-secret'),
        { overlapHours },
      );
      this.secret = { value: answer.secret, previousSecretExpiresAt: answer.previousSecretExpiresAt };
      context.announce('New signing secret issued: copy it now, it is not shown again');
      await this.load(context);
    });
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    const canWrite = context.canWrite;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${
        this.secret
          ? html`<section class="dash-card" aria-labelledby="secret-heading" data-testid="webhook-secret">
              <h2 id="secret-heading">Signing secret: shown once</h2>
              <p>Configure your receiver with it now; the dashboard cannot show it again.</p>
              <p class="dash-secret">${this.secret.value}</p>
              ${
                this.secret.previousSecretExpiresAt
                  ? html`<p>
                      The previous secret keeps signing beside it (a second <code>v1</code> signature) until
                      ${new Date(this.secret.previousSecretExpiresAt).toLocaleString()}.
                    </p>`
                  : nothing
              }
              <button type="button" @click=${() => (this.secret = null)}>I have stored the secret</button>
            </section>`
          : nothing
      }
      <form class="dash-card" @submit=${(event: SubmitEvent) => this.setUrl(event)}>
        <h2>Endpoint</h2>
        <p class="dash-muted">
          ${
            this.endpoint
              ? html`Events of ${context.environment} go to <code data-testid="webhook-url">${this.endpoint.url}</code>.`
              : html`No endpoint is set for ${context.environment}: no events are sent.`
          }
        </p>
        <label for="webhook-url">Endpoint URL</label>
        <input id="webhook-url" name="url" type="url" required size="50" .value=${this.endpoint?.url ?? ''} ?disabled=${!canWrite} />
        <p>
          <button type="submit" class="dash-primary" ?disabled=${!canWrite || this.busy}>
            ${this.endpoint ? 'Save the URL' : 'Create the endpoint'}
          </button>
        </p>
      </form>
      <form class="dash-card" @submit=${(event: SubmitEvent) => this.rotate(event)}>
        <h2>Rotate the signing secret</h2>
        <p class="dash-muted">
          During the overlap window every delivery is signed with both secrets, so receivers can switch without losing one.
          ${
            this.endpoint?.previousSecretExpiresAt
              ? html`A previous secret still signs until ${new Date(this.endpoint.previousSecretExpiresAt).toLocaleString()}.`
              : nothing
          }
        </p>
        <label for="overlap-hours">Overlap window (hours, 0–168)</label>
        <input
          id="overlap-hours"
          name="overlapHours"
          type="number"
          min="0"
          max="168"
          value="24"
          required
          ?disabled=${!canWrite || !this.endpoint}
        />
        <p><button type="submit" ?disabled=${!canWrite || this.busy || !this.endpoint}>Rotate the secret</button></p>
      </form>
      ${canWrite ? nothing : html`<p class="dash-muted">Your role may read only.</p>`}`;
  }
}
