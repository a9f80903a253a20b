import { html, nothing, type PropertyValues } from 'lit';
import { environmentPath } from '../../api';
import { type BrandingColours, brandingContrastChecks } from '../../contrast';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface Branding {
  colors: BrandingColours & { mutedText: string };
  cornerRadiusPx: number;
  fontFamily: string;
  logoUrl: string | null;
  updatedAt: string | null;
}

const COLOUR_FIELDS: { key: keyof BrandingColours; body: string; label: string }[] = [
  { key: 'primary', body: 'colorPrimary', label: 'Button colour' },
  { key: 'onPrimary', body: 'colorOnPrimary', label: 'Button text colour' },
  { key: 'text', body: 'colorText', label: 'Text colour' },
  { key: 'surface', body: 'colorSurface', label: 'Card colour' },
  { key: 'background', body: 'colorBackground', label: 'Page colour' },
];

/**
 * The hosted pages' branding: colours, corner radius, font stack and logo, with a live preview of
 * the widget's card (the same CSS variables the widget reads, set through the CSSOM, which the
 * CSP allows) and the contrast checks the session service applies when it is saved.
 */
export class BrandingView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    saved: { state: true },
    draft: { state: true },
    message: { state: true },
  };
  declare saved: Branding | null;
  declare draft: Branding | null;
  declare message: string | null;

  constructor() {
    super();
    this.saved = null;
    this.draft = null;
    this.message = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    if (!context.projectId) return;
    this.saved = await context.api.get<Branding>(environmentPath(context.projectId, context.environment, '/branding'));
    this.draft = structuredClone(this.saved);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const preview = this.querySelector<HTMLElement>('.dash-preview');
    const draft = this.draft;
    if (!preview || !draft) return;
    const muted = draft.colors.text === this.saved?.colors.text ? draft.colors.mutedText : draft.colors.text;
    const variables: Record<string, string> = {
      '--kyc-primary': draft.colors.primary,
      '--kyc-primary-text': draft.colors.onPrimary,
      '--kyc-text': draft.colors.text,
      '--kyc-muted': muted,
      '--kyc-surface': draft.colors.surface,
      '--kyc-page': draft.colors.background,
      '--kyc-radius': `${draft.cornerRadiusPx}px`,
      '--kyc-font': draft.fontFamily,
    };
    for (const [name, value] of Object.entries(variables)) preview.style.setProperty(name, value);
  }

  private edit(change: (draft: Branding) => void): void {
    if (!this.draft) return;
    const next = structuredClone(this.draft);
    change(next);
    this.draft = next;
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const saved = this.saved as Branding;
    const draft = this.draft as Branding;
    const body: Record<string, unknown> = {};
    for (const field of COLOUR_FIELDS) if (draft.colors[field.key] !== saved.colors[field.key]) body[field.body] = draft.colors[field.key];
    if (draft.cornerRadiusPx !== saved.cornerRadiusPx) body.cornerRadiusPx = draft.cornerRadiusPx;
    if (draft.fontFamily !== saved.fontFamily) body.fontFamily = draft.fontFamily;
    if (!Object.keys(body).length) {
      this.message = 'Nothing changed.';
      return;
    }
    await this.run(async () => {
      this.saved = await context.api.patch<Branding>(environmentPath(context.projectId as string, context.environment, '/branding'), body);
      this.draft = structuredClone(this.saved);
      this.message = 'Branding saved: every session of this environment shows it from its next page open.';
      context.announce(this.message);
    });
  }

  private async uploadLogo(event: Event): Promise<void> {
    const context = this.context as ViewContext;
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const form = new FormData();
    form.append('logo', file);
    await this.run(async () => {
      this.saved = await context.api.upload<Branding>(
        'PUT',
        environmentPath(context.projectId as string, context.environment, '/branding/logo'),
        form,
      );
      this.draft = { ...(this.draft as Branding), logoUrl: this.saved.logoUrl };
      context.announce('Logo saved');
    });
    input.value = '';
  }

  private async removeLogo(): Promise<void> {
    const context = this.context as ViewContext;
    await this.run(async () => {
      this.saved = await context.api.delete<Branding>(environmentPath(context.projectId as string, context.environment, '/branding/logo'));
      this.draft = { ...(this.draft as Branding), logoUrl: null };
      context.announce('Logo removed');
    });
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    const draft = this.draft;
    if (!draft)
      return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : html`<p role="status">Loading…</p>`}`;
    const canWrite = context.canWrite;
    const checks = brandingContrastChecks(draft.colors);
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${this.message && !this.error ? html`<p class="dash-success" role="status">${this.message}</p>` : nothing}
      <div class="dash-two">
        <form class="dash-card" @submit=${(event: SubmitEvent) => this.save(event)}>
          <h2>Colours and shape</h2>
          <div class="dash-row">
            ${COLOUR_FIELDS.map(
              (field) =>
                html`<div>
                  <label for=${`colour-${field.key}`}>${field.label}</label>
                  <input
                    id=${`colour-${field.key}`}
                    type="color"
                    .value=${draft.colors[field.key]}
                    ?disabled=${!canWrite}
                    @input=${(event: Event) => this.edit((next) => (next.colors[field.key] = (event.target as HTMLInputElement).value))}
                  />
                  <span class="dash-mono">${draft.colors[field.key]}</span>
                </div>`,
            )}
          </div>
          <label for="corner-radius">Corner radius (px, 0–32)</label>
          <input
            id="corner-radius"
            type="number"
            min="0"
            max="32"
            .value=${String(draft.cornerRadiusPx)}
            ?disabled=${!canWrite}
            @input=${(event: Event) => this.edit((next) => (next.cornerRadiusPx = Number((event.target as HTMLInputElement).value)))}
          />
          <label for="font-family">Font stack (family names installed on the device; no web fonts)</label>
          <input
            id="font-family"
            size="40"
            .value=${draft.fontFamily}
            ?disabled=${!canWrite}
            @input=${(event: Event) => this.edit((next) => (next.fontFamily = (event.target as HTMLInputElement).value))}
          />
          <h2>Contrast (WCAG 2.2 AA)</h2>
          <ul data-testid="contrast-checks">
            ${checks.map(
              (check) =>
                html`<li>
                  <span class="dash-badge ${check.passes ? 'ok' : 'bad'}">${check.passes ? 'passes' : 'fails'}</span>
                  ${check.label}: ${check.ratio.toFixed(2)}:1 (at least ${check.minimum}:1)
                </li>`,
            )}
          </ul>
          <p>
            <button type="submit" class="dash-primary" ?disabled=${!canWrite || this.busy}>Save the branding</button>
            <button type="button" ?disabled=${this.busy} @click=${() => (this.draft = structuredClone(this.saved))}>Undo changes</button>
          </p>
          <h2>Logo</h2>
          <p class="dash-muted">A JPG or PNG up to 2 MB; stored fitted into 600×200 px as PNG without metadata.</p>
          <label for="logo-file">Upload a logo</label>
          <input
            id="logo-file"
            type="file"
            accept="image/png,image/jpeg"
            ?disabled=${!canWrite || this.busy}
            @change=${(event: Event) => this.uploadLogo(event)}
          />
          <p>
            <button type="button" ?disabled=${!canWrite || this.busy || !draft.logoUrl} @click=${() => this.removeLogo()}>
              Remove the logo
            </button>
          </p>
        </form>
        <section aria-labelledby="preview-heading">
          <h2 id="preview-heading">Live preview of the widget</h2>
          <div class="dash-preview" data-testid="branding-preview">
            <div class="kyc">
              ${draft.logoUrl ? html`<img src=${draft.logoUrl} alt="Logo" />` : nothing}
              <p><strong>Verify your identity</strong></p>
              <p class="kyc-muted">We need a photo of your identity document and a selfie. It takes about two minutes.</p>
              <span class="kyc-button">Continue</span>
            </div>
          </div>
        </section>
      </div>`;
  }
}
