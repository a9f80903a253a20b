import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { type Capture, DeviceApi, DeviceApiError, type OpenedSession } from './device-api';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  type Ending,
  type RetakeReason,
  type Side,
  endingOfError,
  endingOfStatus,
  firstSideOf,
  nextAfterSide,
  retakeReasonOf,
  sideOfNextAction,
} from './flow';
import { type Catalogue, type Language, catalogueFor, languageOf } from './i18n';
import { acceptedLogoUrl, applyDesignTokens } from './design-tokens';

export type Screen =
  | { kind: 'loading' }
  | { kind: 'consent' }
  | { kind: 'document-type' }
  | { kind: 'document'; side: Side; retake: RetakeReason | null; requested: boolean }
  | { kind: 'selfie'; retake: RetakeReason | null }
  | { kind: 'proof-of-address'; rejected: boolean }
  | { kind: 'processing' }
  | { kind: 'result'; ending: Ending }
  | { kind: 'error'; message: string; retry: () => void };

/** The JPEG quality of a captured frame: sharp enough for OCR of the MRZ, a few hundred kB at 1080p. */
const JPEG_QUALITY = 0.92;

/**
 * The hosted verification flow (spec part 1). Rendered in the light DOM so that the one external
 * stylesheet styles it: no inline styles, no constructed style sheets, nothing a strict CSP forbids.
 * Every string comes from the session language's catalogue.
 */
export class KycWidget extends LitElement {
  static override properties = {
    screen: { state: true },
    busy: { state: true },
    status: { state: true },
    cameraFailed: { state: true },
    cameraReady: { state: true },
    useFile: { state: true },
    logoUrl: { state: true },
  };

  declare screen: Screen;
  /** A request is running: buttons are disabled and the status region says what happens. */
  declare busy: boolean;
  /** The text of the polite live region. */
  declare status: string;
  declare cameraFailed: boolean;
  /** The current screen's stream is playing: until then "Take photo" would capture the previous screen's last frame. */
  declare cameraReady: boolean;
  declare useFile: boolean;
  /** The project's logo (our own content-addressed path), shown above every screen. */
  declare logoUrl: string | null;

  private api!: DeviceApi;
  private email: string | undefined;
  private session!: OpenedSession;
  private text: Catalogue = catalogueFor('de');
  private language: Language = 'de';
  private documentType: DocumentType = 'id_card';
  private stream: MediaStream | null = null;
  private previousKind: Screen['kind'] | null = null;
  /** The errorCode behind the last error or ending screen, for the frame's `error` event (embed contract). */
  private lastErrorCode: string | null = null;
  /** Told of every new screen (the embed frame turns them into host messages). */
  onScreenChange?: (screen: Screen, errorCode: string | null) => void;
  /** Told once the session is open, with what the open call answered. */
  onOpened?: (session: OpenedSession) => void;

  constructor() {
    super();
    this.screen = { kind: 'loading' };
    this.busy = false;
    this.status = '';
    this.cameraFailed = false;
    this.cameraReady = false;
    this.useFile = false;
    this.logoUrl = null;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Starts the flow for a session; `embedToken` is null when the link carried none. */
  start(sessionId: string, embedToken: string | null, email?: string): void {
    if (!embedToken) {
      this.screen = { kind: 'result', ending: 'invalid' };
      return;
    }
    this.email = email;
    this.api = new DeviceApi(sessionId, embedToken);
    void this.open();
  }

  /** Ends the flow on a result screen from outside (the session expired while the page sat idle; a refused hand-off link). */
  end(ending: Ending): void {
    this.stopCamera();
    this.screen = { kind: 'result', ending };
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopCamera();
  }

  private async open(): Promise<void> {
    this.status = this.text.loading;
    await this.run(async () => {
      this.session = await this.api.open(this.email);
      this.language = languageOf(this.session.language);
      applyDesignTokens(document.documentElement, this.session.designTokens);
      this.logoUrl = acceptedLogoUrl(this.session.designTokens);
      this.text = catalogueFor(this.language);
      document.documentElement.lang = this.language;
      document.title = this.text.pageTitle;
      this.onOpened?.(this.session);
      const requested = sideOfNextAction(this.session.nextAction);
      if (this.session.status === 'action_required' && requested) {
        this.screen = this.session.userConsent ? { kind: 'document', side: requested, retake: null, requested: true } : { kind: 'consent' };
      } else if (this.session.status === 'processing') {
        await this.complete();
      } else {
        this.screen = this.session.userConsent ? { kind: 'document-type' } : { kind: 'consent' };
      }
    });
  }

  private async agree(): Promise<void> {
    await this.run(async () => {
      await this.api.consent(this.text.consent.textVersion, this.language);
      const requested = sideOfNextAction(this.session.nextAction);
      this.screen =
        this.session.status === 'action_required' && requested
          ? { kind: 'document', side: requested, retake: null, requested: true }
          : { kind: 'document-type' };
    });
  }

  private chooseDocumentType(event: SubmitEvent): void {
    event.preventDefault();
    const chosen = new FormData(event.target as HTMLFormElement).get('documentType');
    this.documentType = (DOCUMENT_TYPES as readonly string[]).includes(String(chosen)) ? (chosen as DocumentType) : 'id_card';
    this.screen = { kind: 'document', side: firstSideOf(this.documentType), retake: null, requested: false };
  }

  private async sendDocument(image: Blob, capture: Capture): Promise<void> {
    const screen = this.screen;
    if (screen.kind !== 'document') return;
    this.status = this.text.capture.uploading;
    await this.run(async () => {
      try {
        const answer = await this.api.uploadDocument(screen.side, image, capture, screen.retake !== null || screen.requested);
        if (screen.requested) return this.complete();
        const next = nextAfterSide(screen.side, answer.requiresBackSide);
        this.screen =
          next === 'back' ? { kind: 'document', side: 'back', retake: null, requested: false } : { kind: 'selfie', retake: null };
      } catch (error) {
        const retake = error instanceof DeviceApiError ? retakeReasonOf(error.errorCode, error.reasonCode) : null;
        if (!retake) throw error;
        this.screen = { ...screen, retake };
      }
    });
  }

  /** The liveness pre-check runs first (spec 4.9): a selfie it doubts is retaken, not sent. */
  private async sendSelfie(image: Blob, capture: Capture): Promise<void> {
    this.status = this.text.capture.checkingLiveness;
    await this.run(async () => {
      try {
        const precheck = await this.api.checkLiveness(await dataUrlOf(image));
        if (!precheck.isLive) {
          this.screen = { kind: 'selfie', retake: 'SELFIE_NOT_LIVE' };
          return;
        }
        this.status = this.text.capture.uploading;
        await this.api.uploadFace(image, capture);
      } catch (error) {
        const retake = error instanceof DeviceApiError ? retakeReasonOf(error.errorCode, error.reasonCode) : null;
        if (!retake) throw error;
        this.screen = { kind: 'selfie', retake };
        return;
      }
      if (this.session.poaRequired) this.screen = { kind: 'proof-of-address', rejected: false };
      else await this.complete();
    });
  }

  private async sendProofOfAddress(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const file = (event.target as HTMLFormElement).querySelector<HTMLInputElement>('input[type=file]')?.files?.[0];
    if (!file) return;
    this.status = this.text.proofOfAddress.uploading;
    await this.run(async () => {
      const answer = await this.api.uploadProofOfAddress(file, file.name);
      if (answer.poaStatus === 'rejected') this.screen = { kind: 'proof-of-address', rejected: true };
      else await this.complete();
    });
  }

  private async complete(): Promise<void> {
    this.screen = { kind: 'processing' };
    this.status = this.text.processing.heading;
    try {
      const answer = await this.api.complete();
      const requested = sideOfNextAction(answer.nextAction);
      if (answer.status === 'action_required' && requested) {
        this.screen = { kind: 'document', side: requested, retake: null, requested: true };
        return;
      }
      this.screen = { kind: 'result', ending: endingOfStatus(answer.status) ?? 'review' };
    } catch (error) {
      const retake = error instanceof DeviceApiError ? retakeReasonOf(error.errorCode, error.reasonCode) : null;
      if (retake?.startsWith('SELFIE')) {
        this.screen = { kind: 'selfie', retake };
        return;
      }
      throw error;
    }
  }

  /** Runs one step: disables the controls, and turns refusals into the screen they call for. */
  private async run(step: () => Promise<void>): Promise<void> {
    this.busy = true;
    try {
      await step();
      this.status = '';
    } catch (error) {
      this.status = '';
      this.screen = this.screenForError(error, () => void this.open());
    } finally {
      this.busy = false;
    }
  }

  private screenForError(error: unknown, retry: () => void): Screen {
    this.lastErrorCode = error instanceof DeviceApiError ? error.errorCode : null;
    if (!(error instanceof DeviceApiError)) return { kind: 'error', message: this.text.error.network, retry };
    const ending = endingOfError(error.status, error.errorCode);
    if (ending) return { kind: 'result', ending };
    if (error.errorCode === 'RATE_LIMITED') return { kind: 'error', message: this.text.error.rateLimited, retry };
    if (error.errorCode === 'KYC_MANUAL_UPLOAD_DISABLED') return { kind: 'error', message: this.text.error.manualUploadDisabled, retry };
    return { kind: 'error', message: this.text.error.network, retry };
  }

  protected override updated(changed: PropertyValues): void {
    if (!changed.has('screen')) return;
    this.onScreenChange?.(this.screen, this.lastErrorCode);
    const capturing = this.screen.kind === 'document' || this.screen.kind === 'selfie';
    // Each capture screen opens the camera afresh: the selfie wants the front camera, a document the back one.
    this.stopCamera();
    if (capturing && !this.useFile) void this.startCamera();
    // A new screen takes the focus to its heading, so keyboard and screen-reader users start there.
    if (this.previousKind !== this.screen.kind || this.screen.kind === 'document' || this.screen.kind === 'selfie') {
      this.querySelector<HTMLElement>('h1')?.focus();
    }
    this.previousKind = this.screen.kind;
  }

  private async startCamera(): Promise<void> {
    const video = this.querySelector<HTMLVideoElement>('video');
    if (!video) return;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      const facingMode = this.screen.kind === 'selfie' ? 'user' : 'environment';
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode, width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
      // The screen may have changed while the camera started: a stream nobody shows is stopped at once.
      if (!video.isConnected) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      this.stream = stream;
      video.srcObject = stream;
      await video.play();
      this.cameraFailed = false;
      this.cameraReady = this.stream === stream;
    } catch {
      this.stopCamera();
      this.cameraFailed = true;
      this.useFile = this.session.allowManualUpload;
    }
  }

  private stopCamera(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    this.cameraReady = false;
  }

  private async takePhoto(): Promise<void> {
    const video = this.querySelector<HTMLVideoElement>('video');
    if (!video || !video.videoWidth || !this.cameraReady) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    const image = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!image) return;
    await this.captured(image, 'camera');
  }

  private async chooseFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) await this.captured(file, 'file');
  }

  private captured(image: Blob, capture: Capture): Promise<void> {
    return this.screen.kind === 'selfie' ? this.sendSelfie(image, capture) : this.sendDocument(image, capture);
  }

  protected override render() {
    const t = this.text;
    return html`
      <main class="kyc" aria-busy=${this.busy ? 'true' : 'false'}>
        ${this.logoUrl ? html`<img class="kyc-logo" src=${this.logoUrl} alt="" />` : nothing} ${this.renderScreen()}
        <p class="kyc-status" role="status" aria-live="polite">${this.status}</p>
      </main>
      <footer class="kyc-footer"><span>${t.pageTitle}</span></footer>
    `;
  }

  private renderScreen() {
    const t = this.text;
    const screen = this.screen;
    switch (screen.kind) {
      case 'loading':
        return html`<h1 tabindex="-1">${t.pageTitle}</h1>
          <div class="kyc-spinner" aria-hidden="true"></div>`;
      case 'consent':
        return html`<h1 tabindex="-1">${t.consent.heading}</h1>
          ${t.consent.paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
          <button class="kyc-primary" ?disabled=${this.busy} @click=${() => void this.agree()}>${t.consent.agree}</button>`;
      case 'document-type':
        return html`<h1 tabindex="-1">${t.documentType.heading}</h1>
          <form @submit=${(event: SubmitEvent) => this.chooseDocumentType(event)}>
            <fieldset>
              <legend>${t.documentType.legend}</legend>
              ${DOCUMENT_TYPES.map(
                (type, index) =>
                  html`<label class="kyc-choice"
                    ><input type="radio" name="documentType" value=${type} ?checked=${index === 1} />${t.documentType[type]}</label
                  >`,
              )}
            </fieldset>
            <button class="kyc-primary" type="submit">${t.documentType.continue}</button>
          </form>`;
      case 'document':
        return this.renderCapture(
          this.headingOf(screen.side),
          t.capture.hintDocument,
          'document',
          screen.retake,
          screen.requested ? screen.side : null,
        );
      case 'selfie':
        return this.renderCapture(t.capture.headingSelfie, t.capture.hintSelfie, 'selfie', screen.retake, null);
      case 'proof-of-address':
        return html`<h1 tabindex="-1">${t.proofOfAddress.heading}</h1>
          <p>${t.proofOfAddress.hint}</p>
          ${screen.rejected ? html`<p class="kyc-problem" role="alert">${t.proofOfAddress.rejected}</p>` : nothing}
          <form @submit=${(event: SubmitEvent) => void this.sendProofOfAddress(event)}>
            <label for="kyc-poa-file">${t.proofOfAddress.fileLabel}</label>
            <input id="kyc-poa-file" type="file" accept="application/pdf,image/jpeg,image/png" required />
            <button class="kyc-primary" type="submit" ?disabled=${this.busy}>${t.proofOfAddress.upload}</button>
          </form>`;
      case 'processing':
        return html`<h1 tabindex="-1">${t.processing.heading}</h1>
          <div class="kyc-spinner" aria-hidden="true"></div>
          <p>${t.processing.body}</p>`;
      case 'result':
        return this.renderResult(screen.ending);
      case 'error':
        return html`<h1 tabindex="-1">${t.error.heading}</h1>
          <p role="alert">${screen.message}</p>
          <button class="kyc-primary" @click=${screen.retry}>${t.error.retry}</button>`;
    }
  }

  private headingOf(side: Side): string {
    const c = this.text.capture;
    return side === 'main' ? c.headingMain : side === 'back' ? c.headingBack : c.headingFront;
  }

  private renderCapture(heading: string, hint: string, guide: 'document' | 'selfie', retake: RetakeReason | null, requested: Side | null) {
    const t = this.text;
    const canUpload = this.session.allowManualUpload;
    const fileOnly = this.useFile || this.cameraFailed;
    return html`<h1 tabindex="-1">${heading}</h1>
      ${requested ? html`<p class="kyc-notice">${requested === 'back' ? t.actionRequired.back : t.actionRequired.front}</p>` : nothing}
      ${
        retake
          ? html`<div class="kyc-problem" role="alert">
              <h2>${t.retake.heading}</h2>
              <p>${t.retake.reasons[retake]}</p>
            </div>`
          : nothing
      }
      <p>${hint}</p>
      ${
        fileOnly
          ? html`<p>${canUpload ? t.capture.noCamera : t.capture.noCameraNoUpload}</p>`
          : html`<div class="kyc-camera kyc-camera--${guide}">
                <video autoplay playsinline muted aria-label=${t.capture.cameraLabel}></video>
                <div class="kyc-guide kyc-guide--${guide}" aria-hidden="true"></div>
              </div>
              <button class="kyc-primary" ?disabled=${this.busy || !this.cameraReady} @click=${() => void this.takePhoto()}>
                ${retake ? t.retake.again : t.capture.takePhoto}
              </button>`
      }
      ${
        canUpload
          ? html`<div class="kyc-file">
              <label for="kyc-file">${fileOnly ? t.capture.chooseFile : t.capture.useFile}</label>
              <input
                id="kyc-file"
                type="file"
                accept="image/jpeg,image/png"
                ?disabled=${this.busy}
                @change=${(event: Event) => void this.chooseFile(event)}
              />
            </div>`
          : nothing
      }`;
  }

  private renderResult(ending: Ending) {
    const r = this.text.result;
    const [heading, body] = {
      completed: [r.completedHeading, r.completedBody],
      review: [r.reviewHeading, r.reviewBody],
      failed: [r.failedHeading, r.failedBody],
      expired: [r.expiredHeading, r.expiredBody],
      closed: [r.closedHeading, r.closedBody],
      invalid: [r.invalidHeading, r.invalidBody],
      handoffUsed: [this.text.handoff.usedHeading, this.text.handoff.usedBody],
      handoffLapsed: [this.text.handoff.lapsedHeading, this.text.handoff.lapsedBody],
    }[ending];
    return html`<h1 tabindex="-1" class="kyc-result kyc-result--${ending}" data-ending=${ending}>${heading}</h1>
      <p>${body}</p>`;
  }
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(blob);
  });
}
