import { html, nothing } from 'lit';
import { environmentPath } from '../../api';
import type { ViewContext } from '../../registry';
import { type PolicySettings, describePolicy } from '../../scoring-wording';
import { DashboardViewElement } from '../../view-element';

interface Policy {
  version: number;
  overrides: Partial<PolicySettings>;
  effective: PolicySettings | null;
  defaults: PolicySettings | null;
  updatedAt: string | null;
}

/**
 * The scoring policy of a sandbox or live environment (test mode's personas decide by name): the
 * auto-approve threshold, the weights, the low-severity penalty and what a suspected duplicate
 * does, each with a sentence saying what it means with these numbers. Saving replaces the whole
 * override set: a value equal to the default is sent as no override.
 */
export class ScoringView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    policy: { state: true },
    draft: { state: true },
    message: { state: true },
  };
  declare policy: Policy | null;
  declare draft: PolicySettings | null;
  declare message: string | null;

  constructor() {
    super();
    this.policy = null;
    this.draft = null;
    this.message = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    this.policy = null;
    this.draft = null;
    if (!context.projectId || context.environment === 'test') return;
    this.policy = await context.api.get<Policy>(environmentPath(context.projectId, context.environment, '/scoring-policy'));
    const effective = this.policy.effective as PolicySettings;
    this.draft = { ...effective, weights: effective.weights ?? this.policy.defaults?.weights ?? null };
  }

  private edit(change: (draft: PolicySettings) => void): void {
    if (!this.draft) return;
    const next = structuredClone(this.draft);
    change(next);
    this.draft = next;
    this.message = null;
  }

  private async save(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const draft = this.draft as PolicySettings;
    const defaults = this.policy?.defaults;
    const body: Record<string, unknown> = {};
    if (draft.autoApproveThreshold !== defaults?.autoApproveThreshold) body.autoApproveThreshold = draft.autoApproveThreshold;
    if (draft.weights && JSON.stringify(draft.weights) !== JSON.stringify(defaults?.weights)) body.weights = draft.weights;
    if (draft.lowSeverityPenalty !== defaults?.lowSeverityPenalty) body.lowSeverityPenalty = draft.lowSeverityPenalty;
    if (draft.duplicates !== defaults?.duplicates) body.duplicates = draft.duplicates;
    await this.run(async () => {
      await context.api.put(environmentPath(context.projectId as string, context.environment, '/scoring-policy'), body);
      await this.load(context);
      this.message = `Saved (version ${this.policy?.version}): decisions from now on use it.`;
      context.announce(this.message);
    });
  }

  private numberInput(id: string, label: string, value: number, set: (draft: PolicySettings, value: number) => void, canWrite: boolean) {
    return html`<div>
      <label for=${id}>${label}</label>
      <input
        id=${id}
        type="number"
        min="0"
        max="1"
        step="0.01"
        .value=${String(value)}
        ?disabled=${!canWrite}
        @input=${(event: Event) => this.edit((draft) => set(draft, Number((event.target as HTMLInputElement).value)))}
      />
    </div>`;
  }

  override render() {
    const context = this.context;
    if (!context?.projectId) return html`<p>Choose a project first.</p>`;
    if (context.environment === 'test')
      return html`<p>
        Test mode has no scoring policy: its test personas decide by name (alice is approved, carol rejected, …). Choose sandbox or live.
      </p>`;
    const draft = this.draft;
    if (!draft)
      return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : html`<p role="status">Loading…</p>`}`;
    const canWrite = context.canWrite;
    const weights = draft.weights ?? { detectionConfidence: 0.3, faceMatchScore: 0.5, livenessConfidence: 0.2 };
    const sum = weights.detectionConfidence + weights.faceMatchScore + weights.livenessConfidence;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${this.message && !this.error ? html`<p class="dash-success" role="status">${this.message}</p>` : nothing}
      <div class="dash-two">
        <form class="dash-card" @submit=${(event: SubmitEvent) => this.save(event)}>
          <h2>Settings (version ${this.policy?.version ?? 0})</h2>
          <div class="dash-row">
            ${this.numberInput('auto-approve-threshold', 'Auto-approve threshold', draft.autoApproveThreshold, (d, v) => (d.autoApproveThreshold = v), canWrite)}
            ${this.numberInput('low-severity-penalty', 'Low-severity penalty', draft.lowSeverityPenalty, (d, v) => (d.lowSeverityPenalty = v), canWrite)}
          </div>
          <fieldset>
            <legend>Weights (must add up to 1; now ${sum.toFixed(2)})</legend>
            <div class="dash-row">
              ${this.numberInput('weight-face', 'Face match', weights.faceMatchScore, (d, v) => (d.weights = { ...weights, faceMatchScore: v }), canWrite)}
              ${this.numberInput('weight-document', 'Document read', weights.detectionConfidence, (d, v) => (d.weights = { ...weights, detectionConfidence: v }), canWrite)}
              ${this.numberInput('weight-liveness', 'Liveness', weights.livenessConfidence, (d, v) => (d.weights = { ...weights, livenessConfidence: v }), canWrite)}
            </div>
          </fieldset>
          <label for="duplicates">Suspected duplicates</label>
          <select
            id="duplicates"
            ?disabled=${!canWrite}
            @change=${(event: Event) => this.edit((d) => (d.duplicates = (event.target as HTMLSelectElement).value))}
          >
            <option value="review" ?selected=${draft.duplicates === 'review'}>send to a reviewer</option>
            <option value="allow" ?selected=${draft.duplicates === 'allow'}>only record</option>
          </select>
          <p>
            <button type="submit" class="dash-primary" ?disabled=${!canWrite || this.busy}>Save the policy</button>
            <button
              type="button"
              ?disabled=${!canWrite || this.busy}
              @click=${() => this.edit((d) => Object.assign(d, structuredClone(this.policy?.defaults ?? d)))}
            >
              Back to the defaults
            </button>
          </p>
          ${canWrite ? nothing : html`<p class="dash-muted">Your role may read only.</p>`}
        </form>
        <section class="dash-card" aria-labelledby="meaning-heading">
          <h2 id="meaning-heading">What these numbers mean</h2>
          <dl data-testid="policy-meaning">
            ${describePolicy(draft).map(
              (line) =>
                html`<dt><strong>${line.setting}</strong></dt>
                  <dd>${line.meaning}</dd>`,
            )}
          </dl>
          <p class="dash-muted">
            The review rules themselves (a document problem, a face that does not match, …) always send an attempt to a reviewer; see
            docs/scoring-policy.md.
          </p>
        </section>
      </div>`;
  }
}
