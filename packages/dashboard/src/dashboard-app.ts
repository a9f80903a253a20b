import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { AdminApi, ApiError, type DashboardSession, dashboardSession } from './api';
import { type DashboardView, ENVIRONMENTS, type Environment, NAV_GROUPS, type ViewContext, viewsFor } from './registry';
import { fillPath, matchRoute } from './router';
import { describeError } from './view-element';

interface ProjectSummary {
  id: string;
  name: string;
  moderationStatus?: string;
}

type Phase = { kind: 'loading' } | { kind: 'signed-out'; message: string | null } | { kind: 'signed-in'; session: DashboardSession };

const PROJECT_KEY = 'kyc-dashboard.project';
const ENVIRONMENT_KEY = 'kyc-dashboard.environment';

/**
 * The dashboard's shell: the sign-in form, then a header (project and environment pickers, who is
 * signed in, sign out), the navigation of the views this operator's role may open, and the
 * current view. Views come from the registry (src/views/index.ts); the shell knows none of them.
 */
export class KycDashboard extends LitElement {
  static override properties = {
    phase: { state: true },
    projects: { state: true },
    projectId: { state: true },
    environment: { state: true },
    hash: { state: true },
    status: { state: true },
    signingIn: { state: true },
  };

  declare phase: Phase;
  declare projects: ProjectSummary[];
  declare projectId: string | null;
  declare environment: Environment;
  declare hash: string;
  declare status: string;
  declare signingIn: boolean;

  /** The registered views; set by main.ts before the element connects. */
  views: readonly DashboardView[] = [];
  private api: AdminApi | null = null;
  private viewElement: (HTMLElement & { context?: ViewContext }) | null = null;
  private readonly onHashChange = () => {
    this.hash = location.hash;
    this.followRoute();
  };

  /** A link naming a project or environment (another operator's, a bookmark) moves the pickers there. */
  private followRoute(): void {
    const match = matchRoute(this.views, this.hash);
    const environment = match?.params.environment;
    if (environment && (ENVIRONMENTS as readonly string[]).includes(environment)) this.environment = environment as Environment;
    if (match?.params.projectId) this.projectId = match.params.projectId;
  }

  constructor() {
    super();
    this.phase = { kind: 'loading' };
    this.projects = [];
    this.projectId = sessionStorage.getItem(PROJECT_KEY);
    const environment = sessionStorage.getItem(ENVIRONMENT_KEY);
    this.environment = (ENVIRONMENTS as readonly string[]).includes(environment ?? '') ? (environment as Environment) : 'test';
    this.hash = location.hash;
    this.status = '';
    this.signingIn = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHashChange);
    void this.resume();
  }

  override disconnectedCallback(): void {
    window.removeEventListener('hashchange', this.onHashChange);
    super.disconnectedCallback();
  }

  /** An existing session cookie (a reload) continues; otherwise the sign-in form. */
  private async resume(): Promise<void> {
    try {
      this.begin(await dashboardSession.current());
    } catch (error) {
      this.phase = { kind: 'signed-out', message: error instanceof ApiError && error.status === 401 ? null : describeError(error) };
    }
  }

  private begin(session: DashboardSession): void {
    this.api = new AdminApi(session.csrfToken, () => this.signedOutByServer());
    this.phase = { kind: 'signed-in', session };
    this.followRoute();
    void this.loadProjects();
  }

  private signedOutByServer(): void {
    this.api = null;
    this.viewElement = null;
    this.phase = {
      kind: 'signed-out',
      message: 'Your session ended (15 minutes without activity, signed out, or the operator was disabled). Sign in again.',
    };
  }

  private async loadProjects(): Promise<void> {
    if (!this.api) return;
    try {
      const { projects } = await this.api.get<{ projects: ProjectSummary[] }>('/admin/v1/projects');
      this.projects = projects;
      if (!projects.some((project) => project.id === this.projectId)) this.projectId = projects[0]?.id ?? null;
    } catch (error) {
      this.status = describeError(error);
    }
  }

  private async signIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    this.signingIn = true;
    try {
      this.begin(await dashboardSession.signIn(String(data.get('email') ?? ''), String(data.get('password') ?? '')));
      form.reset();
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 401
          ? 'Wrong e-mail or password.'
          : error instanceof ApiError && error.status === 429
            ? `Too many failed sign-ins. ${error.message}`
            : describeError(error);
      this.phase = { kind: 'signed-out', message };
    } finally {
      this.signingIn = false;
    }
  }

  private async signOut(): Promise<void> {
    if (this.phase.kind !== 'signed-in') return;
    try {
      await dashboardSession.signOut(this.phase.session.csrfToken);
    } catch {
      // The session is gone either way for this page.
    }
    this.api = null;
    this.viewElement = null;
    this.phase = { kind: 'signed-out', message: 'You are signed out.' };
  }

  private pickProject(event: Event): void {
    this.projectId = (event.target as HTMLSelectElement).value || null;
    if (this.projectId) sessionStorage.setItem(PROJECT_KEY, this.projectId);
    this.followPickers();
  }

  private pickEnvironment(event: Event): void {
    this.environment = (event.target as HTMLSelectElement).value as Environment;
    sessionStorage.setItem(ENVIRONMENT_KEY, this.environment);
    this.followPickers();
  }

  /** A route naming a project or environment follows the pickers. */
  private followPickers(): void {
    const match = matchRoute(this.allowedViews(), this.hash);
    if (!match) return;
    const path = fillPath(match.route.path, { ...match.params, projectId: this.projectId, environment: this.environment });
    if (path) location.hash = `#${path}`;
  }

  private allowedViews(): DashboardView[] {
    return this.phase.kind === 'signed-in' ? viewsFor(this.views, this.phase.session.operator.role) : [];
  }

  private navPath(view: DashboardView): string | null {
    return fillPath(view.path, { projectId: this.projectId, environment: this.environment });
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('phase') && this.phase.kind === 'signed-out') this.querySelector<HTMLInputElement>('#sign-in-email')?.focus();
    // A new screen: focus moves to its content, so keyboard and screen-reader users start there, not in the navigation.
    if (changed.has('hash') && changed.get('hash') !== undefined && this.phase.kind === 'signed-in')
      this.querySelector<HTMLElement>('#dash-main')?.focus();
  }

  override render() {
    if (this.phase.kind === 'loading') return html`<main class="dash-loading"><p role="status">Loading…</p></main>`;
    if (this.phase.kind === 'signed-out') return this.renderSignIn(this.phase.message);
    return this.renderShell(this.phase.session);
  }

  private renderSignIn(message: string | null) {
    return html`<main class="dash-sign-in">
      <form class="dash-card" @submit=${(event: SubmitEvent) => this.signIn(event)}>
        <h1>Sign in to the KYC dashboard</h1>
        <p class="dash-muted">Use your operator e-mail address and password.</p>
        ${message ? html`<p class="dash-problem" role="alert">${message}</p>` : nothing}
        <label for="sign-in-email">E-mail</label>
        <input id="sign-in-email" name="email" type="email" autocomplete="username" required />
        <label for="sign-in-password">Password</label>
        <input id="sign-in-password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit" class="dash-primary" ?disabled=${this.signingIn}>${this.signingIn ? 'Signing in…' : 'Sign in'}</button>
      </form>
    </main>`;
  }

  private renderShell(session: DashboardSession) {
    const views = this.allowedViews();
    const match = matchRoute(views, this.hash);
    // A screen of another role (a reviewer following an admin's link) says so; an unknown address goes to the first screen.
    const forbidden = match ? null : matchRoute(this.views, this.hash);
    if (!match && !forbidden) {
      const first = views.find((view) => view.nav && this.navPath(view));
      const path = first && this.navPath(first);
      if (path) queueMicrotask(() => (location.hash = `#${path}`));
    }
    const operator = session.operator;
    return html`<a class="dash-skip" href="#dash-main" @click=${(event: Event) => this.skipToMain(event)}>Skip to content</a>
      <header class="dash-header">
        <span class="dash-brand">KYC dashboard</span>
        <label for="dash-project">Project</label>
        <select id="dash-project" @change=${(event: Event) => this.pickProject(event)}>
          ${this.projects.map((project) => html`<option value=${project.id} ?selected=${project.id === this.projectId}>${project.name}</option>`)}
        </select>
        <label for="dash-environment">Environment</label>
        <select id="dash-environment" @change=${(event: Event) => this.pickEnvironment(event)}>
          ${ENVIRONMENTS.map((environment) => html`<option value=${environment} ?selected=${environment === this.environment}>${environment}</option>`)}
        </select>
        <span class="dash-operator" data-testid="operator"
          >${operator.email} <span class="dash-role">${operator.role.replace('_', '-')}</span></span
        >
        <button type="button" @click=${() => this.signOut()}>Sign out</button>
      </header>
      <div class="dash-body">
        <nav class="dash-nav" aria-label="Dashboard">
          ${NAV_GROUPS.map((group) => {
            const entries = views.filter((view) => view.nav?.group === group).sort((a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0));
            if (!entries.length) return nothing;
            return html`<h2>${group}</h2>
              <ul>
                ${entries.map((view) => {
                  const path = this.navPath(view);
                  const current = match?.route.id === view.id;
                  return html`<li>
                    ${path ? html`<a href=${`#${path}`} aria-current=${current ? 'page' : 'false'}>${view.nav?.label}</a>` : html`<span class="dash-muted">${view.nav?.label}</span>`}
                  </li>`;
                })}
              </ul>`;
          })}
        </nav>
        <main id="dash-main" tabindex="-1">
          ${
            match
              ? html`<h1>${match.route.title}</h1>
                  ${this.viewOf(match.route, match.params, match.query, session)}`
              : forbidden
                ? html`<h1>${forbidden.route.title}</h1>
                    <p class="dash-problem" role="alert">This screen is not available to the ${operator.role.replace('_', '-')} role.</p>`
                : html`<p>Nothing to show here.</p>`
          }
        </main>
      </div>
      <p class="dash-status" role="status" aria-live="polite">${this.status}</p>`;
  }

  private skipToMain(event: Event): void {
    event.preventDefault();
    this.querySelector<HTMLElement>('#dash-main')?.focus();
  }

  /** The view's element (kept while the route stays on it), with a fresh context. */
  private viewOf(view: DashboardView, params: Record<string, string>, query: URLSearchParams, session: DashboardSession): HTMLElement {
    if (!this.viewElement || this.viewElement.localName !== view.tag) this.viewElement = document.createElement(view.tag);
    const api = this.api as AdminApi;
    const context: ViewContext = {
      api,
      operator: session.operator,
      params,
      query,
      projectId: params.projectId ?? this.projectId,
      environment: ((params.environment as Environment) ?? this.environment) || 'test',
      canWrite: session.operator.role === 'admin',
      navigate: (path) => (location.hash = `#${path}`),
      announce: (message) => (this.status = message),
    };
    const previous = this.viewElement.context;
    if (!previous || JSON.stringify(contextKey(previous)) !== JSON.stringify(contextKey(context))) this.viewElement.context = context;
    return this.viewElement;
  }
}

/** What makes a view load again: its route, project and environment (not the shell's status line). */
const contextKey = (context: ViewContext) => [
  context.params,
  context.query.toString(),
  context.projectId,
  context.environment,
  context.operator.id,
];
