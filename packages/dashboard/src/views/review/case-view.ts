import { html, nothing } from 'lit';
import { projectPath } from '../../api';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';
import { type ReviewCase, formatTime, markLabel } from './review-types';

/** One row of the comparison: what was kept (extractedData) beside what each zone read. */
const FIELD_ROWS: { label: string; extracted: string; mrz?: string; viz?: string }[] = [
  { label: 'Surname', extracted: 'lastName', mrz: 'surname', viz: 'surname' },
  { label: 'Given names', extracted: 'firstName', mrz: 'givenNames', viz: 'givenNames' },
  { label: 'Date of birth', extracted: 'dateOfBirth', mrz: 'birthDate', viz: 'birthDate' },
  { label: 'Sex', extracted: 'sex', mrz: 'sex', viz: 'sex' },
  { label: 'Nationality', extracted: 'nationality', mrz: 'nationality', viz: 'nationality' },
  { label: 'Document number', extracted: 'documentNumber', mrz: 'documentNumber', viz: 'documentNumber' },
  { label: 'Issue date', extracted: 'issueDate', viz: 'issueDate' },
  { label: 'Expiry date', extracted: 'expiryDate', mrz: 'expiryDate', viz: 'expiryDate' },
  { label: 'Place of birth', extracted: 'placeOfBirth', viz: 'placeOfBirth' },
];

const IMAGE_LABELS: Record<string, string> = {
  front: 'Document front',
  back: 'Document back',
  main: 'Passport page',
  portrait: 'Portrait cropped from the document',
  selfie: 'Selfie',
};

const MAY_DECIDE = ['admin', 'reviewer'];

/**
 * A case as a reviewer sees it (issue 29 item 3): the document images and the portrait crop side by
 * side with the fields (kept, MRZ, visual zone), the signals, the scoring explanation (what fired
 * and why), a duplicate suspicion, and the decision (approve, or reject with a required reason).
 * Opening it is audited and marks it opened for the others; images are fetched one by one as
 * blob: URLs (no-store at the source) and released when the view goes.
 */
export class ReviewCaseView extends DashboardViewElement {
  static override properties = {
    ...DashboardViewElement.properties,
    reviewCase: { state: true },
    imageUrls: { state: true },
    decision: { state: true },
    decided: { state: true },
  };
  declare reviewCase: ReviewCase | null;
  declare imageUrls: Record<string, string>;
  declare decision: 'approve' | 'reject';
  declare decided: string | null;

  constructor() {
    super();
    this.reviewCase = null;
    this.imageUrls = {};
    this.decision = 'approve';
    this.decided = null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.releaseImages();
  }

  private releaseImages(): void {
    for (const url of Object.values(this.imageUrls)) URL.revokeObjectURL(url);
    this.imageUrls = {};
  }

  protected async load(context: ViewContext): Promise<void> {
    const { projectId, sessionId } = context.params;
    this.releaseImages();
    this.reviewCase = await context.api.get<ReviewCase>(projectPath(projectId, `/sessions/${encodeURIComponent(sessionId)}/case`));
    const urls: Record<string, string> = {};
    for (const image of this.reviewCase.images) urls[image.name] = await context.api.blobUrl(image.url);
    this.imageUrls = urls;
  }

  private async decide(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const decision = String(data.get('decision')) as 'approve' | 'reject';
    const reason = String(data.get('reason') ?? '').trim();
    if (decision === 'reject' && !reason) {
      this.error = 'A rejection needs a reason';
      context.announce(this.error);
      (form.querySelector('#case-reason') as HTMLTextAreaElement | null)?.focus();
      return;
    }
    await this.run(async () => {
      const answer = await context.api.post<{ status: string }>(
        projectPath(context.params.projectId, `/sessions/${encodeURIComponent(context.params.sessionId)}/review`),
        { decision, ...(reason ? { reason } : {}) },
      );
      this.decided = answer.status;
      context.announce(`Case ${decision === 'approve' ? 'approved' : 'rejected'}: the session is ${answer.status}`);
      await this.load(context);
    });
  }

  private renderImages(reviewCase: ReviewCase) {
    if (reviewCase.imagesPurged)
      return html`<p class="dash-card" data-testid="images-purged">
        The images of this session are gone: its document data was purged (a decided, failed or expired session, or retention).
      </p>`;
    if (!reviewCase.images.length)
      return html`<p class="dash-muted">
        ${reviewCase.session.testMode ? 'Test mode stores no images: a persona decided.' : 'No image was uploaded.'}
      </p>`;
    return html`<div class="dash-evidence" data-testid="case-images">
      ${reviewCase.images.map(
        (image) =>
          html`<figure>
            ${
              this.imageUrls[image.name]
                ? html`<img
                    src=${this.imageUrls[image.name]}
                    alt=${`${IMAGE_LABELS[image.name] ?? image.name} of session ${reviewCase.session.id}`}
                  />`
                : html`<p class="dash-muted">Loading…</p>`
            }
            <figcaption>${IMAGE_LABELS[image.name] ?? image.name}</figcaption>
          </figure>`,
      )}
    </div>`;
  }

  private renderFields(reviewCase: ReviewCase) {
    const kept = reviewCase.attempt?.extractedData ?? {};
    if (!reviewCase.sides.length && !Object.keys(kept).length) return nothing;
    return html`<table data-testid="case-fields">
      <caption>
        Fields: kept for the verification, and as each zone read them
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Kept</th>
          ${reviewCase.sides.map(
            (side) =>
              html`<th scope="col">${side.side} MRZ${side.mrz ? (side.mrz.valid ? ' (valid)' : ' (check digits fail)') : ''}</th>
                <th scope="col">${side.side} visual zone</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${FIELD_ROWS.map((row) => {
          const keptValue = kept[row.extracted] ?? reviewCase.sides.find((s) => s.extracted[row.extracted])?.extracted[row.extracted];
          return html`<tr>
            <th scope="row">${row.label}</th>
            <td>${keptValue ?? '—'}</td>
            ${reviewCase.sides.map((side) => {
              const mrz = row.mrz && side.mrz ? side.mrz.fields[row.mrz] : undefined;
              const viz = row.viz ? side.viz[row.viz] : undefined;
              const differs = (value: string | undefined) =>
                value !== undefined && keptValue !== undefined && value.replace(/</g, ' ').trim() !== keptValue;
              return html`<td class=${differs(mrz) ? 'dash-differs' : ''}>${mrz ?? '—'}</td>
                <td class=${differs(viz) ? 'dash-differs' : ''}>${viz ?? '—'}</td>`;
            })}
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private renderScoring(reviewCase: ReviewCase) {
    const attempt = reviewCase.attempt;
    const projectId = this.context?.params.projectId ?? '';
    const decision = reviewCase.decisions.find((d) => d.attemptId === attempt?.id) ?? reviewCase.decisions[0];
    return html`<section class="dash-card" aria-labelledby="case-scoring-heading">
      <h2 id="case-scoring-heading">Why it is in review</h2>
      ${
        attempt
          ? html`<p>
              Confidence <strong>${attempt.confidence ?? '—'}</strong>; face match
              <strong>${attempt.faceMatchStatus ?? 'not performed'}</strong
              >${attempt.faceMatchScore !== null ? html` (score ${attempt.faceMatchScore.toFixed(3)})` : nothing}; issues:
              ${attempt.issueCodes.length ? attempt.issueCodes.join(', ') : 'none'}.
            </p>`
          : nothing
      }
      ${
        decision
          ? html`<p>Rule that fired: <code>${decision.ruleFired}</code> → ${decision.outcome ?? '—'}</p>
              <table data-testid="case-explanation">
                <caption class="dash-muted">
                  Scoring explanation (${formatTime(decision.createdAt)})
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Signal</th>
                    <th scope="col">Value</th>
                    <th scope="col">Weight</th>
                    <th scope="col">Rule</th>
                    <th scope="col">Finding</th>
                  </tr>
                </thead>
                <tbody>
                  ${decision.explanation.map(
                    (line) =>
                      html`<tr>
                        <td>${line.signal}</td>
                        <td>${Number.isFinite(line.value) ? line.value.toFixed(3) : line.value}</td>
                        <td>${line.weight}</td>
                        <td>${line.rule}</td>
                        <td>${[line.code, line.severity, line.side, line.detail].filter(Boolean).join(' · ') || '—'}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
          : html`<p class="dash-muted">No scoring run is stored for this session.</p>`
      }
      ${
        reviewCase.signals.length
          ? html`<h3>Document signals</h3>
              <ul data-testid="case-signals">
                ${reviewCase.signals.map(
                  (signal) =>
                    html`<li>
                      <code>${signal.code}</code> (${signal.kind}, ${signal.severity},
                      ${signal.scope})${signal.detail ? `: ${signal.detail}` : ''}
                    </li>`,
                )}
              </ul>`
          : nothing
      }
      ${
        reviewCase.duplicate.suspected
          ? html`<p class="dash-problem" data-testid="case-duplicate">
                Suspected duplicate: this face matches an earlier completed verification of this environment under another identity or
                e-mail. ${reviewCase.duplicate.explanation.map((line) => html` ${[line.code, line.detail].filter(Boolean).join(': ')}`)}
              </p>
              ${
                reviewCase.duplicate.earlierSessionIds.length
                  ? html`<p>
                      The earlier verification${reviewCase.duplicate.earlierSessionIds.length === 1 ? '' : 's'}:
                      ${reviewCase.duplicate.earlierSessionIds.map(
                        (id) =>
                          html`<a
                            data-testid="case-duplicate-earlier"
                            href=${`#/projects/${encodeURIComponent(projectId)}/sessions/${encodeURIComponent(id)}/case`}
                            ><code>${id}</code></a
                          > `,
                      )}
                    </p>`
                  : nothing
              }`
          : html`<p class="dash-muted">No duplicate suspected.</p>`
      }
    </section>`;
  }

  private renderDecision(reviewCase: ReviewCase, context: ViewContext) {
    if (reviewCase.session.status !== 'manual_review')
      return html`<p class="dash-success" role="status" data-testid="case-decided">
        This session is
        ${reviewCase.session.status}${reviewCase.attempt?.reviewedBy ? ` (decided by ${reviewCase.attempt.reviewedBy} at ${formatTime(reviewCase.attempt.reviewedAt)})` : ''}.
      </p>`;
    if (!MAY_DECIDE.includes(context.operator.role))
      return html`<p class="dash-muted" data-testid="case-read-only">
        Your role (${context.operator.role}) may read this case but not decide it.
      </p>`;
    return html`<form class="dash-card" data-testid="case-decision" @submit=${(event: SubmitEvent) => this.decide(event)}>
      <fieldset>
        <legend>Decision</legend>
        <label class="dash-inline"
          ><input
            type="radio"
            name="decision"
            value="approve"
            ?checked=${this.decision === 'approve'}
            @change=${() => (this.decision = 'approve')}
          />
          Approve (completed, the integrator's completion webhook)</label
        >
        <label class="dash-inline"
          ><input
            type="radio"
            name="decision"
            value="reject"
            ?checked=${this.decision === 'reject'}
            @change=${() => (this.decision = 'reject')}
          />
          Reject (closed for good, with the reason)</label
        >
      </fieldset>
      <label for="case-reason">Reason ${this.decision === 'reject' ? '(required to reject)' : '(optional)'}</label>
      <textarea
        id="case-reason"
        name="reason"
        maxlength="500"
        rows="3"
        ?required=${this.decision === 'reject'}
        aria-describedby="case-reason-help"
      ></textarea>
      <p id="case-reason-help" class="dash-muted">
        Sent to the integrator as rejection_reason; your operator id is recorded as the reviewer.
      </p>
      <button type="submit" class=${this.decision === 'reject' ? 'dash-danger' : 'dash-primary'} ?disabled=${this.busy}>
        ${this.decision === 'approve' ? 'Approve this case' : 'Reject this case'}
      </button>
    </form>`;
  }

  override render() {
    const reviewCase = this.reviewCase;
    const context = this.context;
    return html`<p>Session <code data-testid="case-session-id">${context?.params.sessionId ?? ''}</code></p>
      ${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${
        reviewCase && context
          ? html`<p>
                <span class="dash-badge ${reviewCase.session.status === 'manual_review' ? 'bad' : 'ok'}" data-testid="case-status"
                  >${reviewCase.session.status}</span
                >
                ${reviewCase.session.environment} · created ${formatTime(reviewCase.session.createdAt)}
                ${reviewCase.session.inReviewSince ? html` · in review since ${formatTime(reviewCase.session.inReviewSince)}` : nothing} ·
                <a
                  href=${`#/projects/${encodeURIComponent(context.params.projectId)}/sessions/${encodeURIComponent(reviewCase.session.id)}/history`}
                  >History</a
                >
              </p>
              ${
                reviewCase.openedBy.length
                  ? html`<p class="dash-problem" role="status" data-testid="case-opened-by">
                      Also opened by ${reviewCase.openedBy.map(markLabel).join(', ')}. This does not lock the case: agree who decides.
                    </p>`
                  : nothing
              }
              <section aria-labelledby="case-evidence-heading">
                <h2 id="case-evidence-heading">Evidence</h2>
                ${this.renderImages(reviewCase)} ${this.renderFields(reviewCase)}
              </section>
              ${this.renderScoring(reviewCase)} ${this.renderDecision(reviewCase, context)}`
          : nothing
      }`;
  }
}
