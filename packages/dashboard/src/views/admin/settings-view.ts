import { html, nothing } from 'lit';
import { environmentPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

type Settings = Record<string, unknown> & { updatedAt?: string | null };

interface Field {
  key: string;
  label: string;
  help: string;
  kind: 'boolean' | 'number' | 'choice';
  min?: number;
  max?: number;
  choices?: string[];
}

/** The environment settings the admin API takes (PATCH …/settings); a field the API does not answer is not shown. */
const FIELDS: Field[] = [
  {
    key: 'poaRequiredForVerification',
    label: 'Proof of address required',
    help: 'The user uploads a utility bill or bank statement after the selfie; the session completes only with an accepted one.',
    kind: 'boolean',
  },
  { key: 'poaMaxAgeMonths', label: 'Proof of address: at most this many months old', help: '1–24.', kind: 'number', min: 1, max: 24 },
  {
    key: 'allowManualUpload',
    label: 'Allow a file upload instead of the camera',
    help: 'Off: documents and the selfie must be taken with the camera in the widget.',
    kind: 'boolean',
  },
  {
    key: 'vaultReuseEnabled',
    label: 'Reuse an earlier verification (vault)',
    help: 'A person verified before in this environment is verified again without new uploads.',
    kind: 'boolean',
  },
  {
    key: 'vaultReuseMaxAgeDays',
    label: 'Reuse verifications at most this many days old',
    help: '1–730.',
    kind: 'number',
    min: 1,
    max: 730,
  },
  {
    key: 'vaultReuseBilling',
    label: 'A reused verification is',
    help: 'charged like a new one, or free.',
    kind: 'choice',
    choices: ['charge', 'free'],
  },
  {
    key: 'biometricRetentionDays',
    label: 'Keep biometric data this many days',
    help: 'From the decision or the approval; then the images and face data are deleted (30–3650).',
    kind: 'number',
    min: 30,
    max: 3650,
  },
];

/** The project configuration of one environment: proof of address, manual upload, vault reuse, retention. */
export class SettingsView extends DashboardViewElement {
  static override properties = { ...DashboardViewElement.properties, settings: { state: true }, message: { state: true } };
  declare settings: Settings | null;
  declare message: string | null;

  constructor() {
    super();
    this.settings = null;
    this.message = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    if (!context.projectId) return;
    this.settings = await context.api.get<Settings>(environmentPath(context.projectId, context.environment, '/settings'));
    this.message = null;
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const current = this.settings as Settings;
    const data = new FormData(event.target as HTMLFormElement);
    const body: Record<string, unknown> = {};
    for (const field of FIELDS) {
      if (!(field.key in current)) continue;
      const value =
        field.kind === 'boolean'
          ? data.get(field.key) === 'on'
          : field.kind === 'number'
            ? Number(data.get(field.key))
            : String(data.get(field.key));
      if (value !== current[field.key]) body[field.key] = value;
    }
    if (!Object.keys(body).length) {
      this.message = 'Nothing changed.';
      return;
    }
    await this.run(async () => {
      this.settings = await context.api.patch<Settings>(
        environmentPath(context.projectId as string, context.environment, '/settings'),
        body,
      );
      this.message = 'Saved: sessions created from now on take these settings.';
      context.announce(this.message);
    });
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    const settings = this.settings;
    if (!settings)
      return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : html`<p role="status">Loading…</p>`}`;
    const canWrite = context.canWrite;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${this.message && !this.error ? html`<p class="dash-success" role="status">${this.message}</p>` : nothing}
      <form class="dash-card" @submit=${(event: SubmitEvent) => this.save(event)}>
        ${FIELDS.filter((field) => field.key in settings).map((field) => {
          const id = `setting-${field.key}`;
          const value = settings[field.key];
          if (field.kind === 'boolean')
            return html`<p>
              <label class="dash-inline" for=${id}>
                <input
                  id=${id}
                  name=${field.key}
                  type="checkbox"
                  .checked=${value === true}
                  ?disabled=${!canWrite}
                  aria-describedby=${`${id}-help`}
                />
                ${field.label}
              </label>
              <br /><span id=${`${id}-help`} class="dash-muted">${field.help}</span>
            </p>`;
          if (field.kind === 'choice')
            return html`<label for=${id}>${field.label}</label>
              <select id=${id} name=${field.key} ?disabled=${!canWrite} aria-describedby=${`${id}-help`}>
                ${field.choices?.map((choice) => html`<option value=${choice} ?selected=${choice === value}>${choice}</option>`)}
              </select>
              <span id=${`${id}-help`} class="dash-muted">${field.help}</span>`;
          return html`<label for=${id}>${field.label}</label>
            <input
              id=${id}
              name=${field.key}
              type="number"
              min=${field.min ?? 0}
              max=${field.max ?? 100000}
              .value=${String(value)}
              ?disabled=${!canWrite}
              aria-describedby=${`${id}-help`}
            />
            <span id=${`${id}-help`} class="dash-muted">${field.help}</span>`;
        })}
        <p class="dash-muted">
          Last changed: ${settings.updatedAt ? new Date(String(settings.updatedAt)).toLocaleString() : 'never (the defaults apply)'}
        </p>
        <p><button type="submit" class="dash-primary" ?disabled=${!canWrite || this.busy}>Save the settings</button></p>
        ${canWrite ? nothing : html`<p class="dash-muted">Your role may read only.</p>`}
      </form>`;
  }
}
