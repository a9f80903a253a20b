import { html, nothing } from 'lit';
import type { ViewContext } from '../../registry';
import { DashboardViewElement } from '../../view-element';

interface Project {
  id: string;
  name: string;
  accountName?: string | null;
  moderationStatus: string;
  createdAt?: string;
}

interface CreatedKeys {
  secretKey?: string;
  publishableKey?: string;
  [name: string]: unknown;
}

/** Projects and their moderation status; an admin approves one or creates one (its keys shown once). */
export class ProjectsView extends DashboardViewElement {
  static override properties = { ...DashboardViewElement.properties, projects: { state: true }, created: { state: true } };
  declare projects: Project[];
  declare created: { project: Project; keys: Record<string, CreatedKeys> } | null;

  constructor() {
    super();
    this.projects = [];
    this.created = null;
  }

  protected async load(context: ViewContext): Promise<void> {
    this.projects = (await context.api.get<{ projects: Project[] }>('/admin/v1/projects')).projects;
  }

  private async approve(project: Project): Promise<void> {
    const context = this.context as ViewContext;
    await this.run(async () => {
      await context.api.post(`/admin/v1/projects/${encodeURIComponent(project.id)}/approve`);
      context.announce(`${project.name} approved`);
      await this.load(context);
    });
  }

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const context = this.context as ViewContext;
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const accountName = String(data.get('accountName') ?? '').trim();
    await this.run(async () => {
      this.created = await context.api.post('/admin/v1/projects', {
        name: String(data.get('name') ?? '').trim(),
        ...(accountName ? { accountName } : {}),
      });
      form.reset();
      context.announce('Project created: copy its keys now, they are not shown again');
      await this.load(context);
    });
  }

  override render() {
    const canWrite = this.context?.canWrite ?? false;
    return html`${this.error ? html`<p class="dash-problem" role="alert">${this.error}</p>` : nothing}
      ${
        this.created
          ? html`<section class="dash-card" aria-labelledby="created-heading">
              <h2 id="created-heading">Keys of ${this.created.project.name} (shown once)</h2>
              <p>Copy the secret keys now: the dashboard cannot show them again.</p>
              ${Object.entries(this.created.keys).map(
                ([environment, keys]) =>
                  html`<p><strong>${environment}</strong></p>
                    <p class="dash-secret" data-testid="created-secret">${keys.secretKey}</p>
                    <p class="dash-mono">${keys.publishableKey}</p>`,
              )}
              <button type="button" @click=${() => (this.created = null)}>I have stored the keys</button>
            </section>`
          : nothing
      }
      <table>
        <caption class="dash-muted">
          ${this.projects.length} project${this.projects.length === 1 ? '' : 's'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Id</th>
            <th scope="col">Moderation</th>
            <th scope="col"><span class="dash-muted">Action</span></th>
          </tr>
        </thead>
        <tbody>
          ${this.projects.map(
            (project) =>
              html`<tr>
                <td>${project.name}</td>
                <td><code>${project.id}</code></td>
                <td>
                  <span class="dash-badge ${project.moderationStatus === 'approved' ? 'ok' : 'bad'}">${project.moderationStatus}</span>
                </td>
                <td>
                  ${
                    project.moderationStatus !== 'approved'
                      ? html`<button type="button" ?disabled=${!canWrite || this.busy} @click=${() => this.approve(project)}>
                          Approve ${project.name}
                        </button>`
                      : nothing
                  }
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      <form class="dash-card" @submit=${(event: SubmitEvent) => this.create(event)}>
        <h2>New project</h2>
        <div class="dash-row">
          <div>
            <label for="project-name">Name</label>
            <input id="project-name" name="name" required maxlength="200" ?disabled=${!canWrite} />
          </div>
          <div>
            <label for="project-account">Account name (optional)</label>
            <input id="project-account" name="accountName" maxlength="200" ?disabled=${!canWrite} />
          </div>
          <button type="submit" class="dash-primary" ?disabled=${!canWrite || this.busy}>Create project</button>
        </div>
        ${canWrite ? nothing : html`<p class="dash-muted">Your role may read only.</p>`}
      </form>`;
  }
}
