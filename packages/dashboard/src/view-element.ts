import { LitElement, type PropertyValues } from 'lit';
import { ApiError } from './api';
import type { ViewContext } from './registry';

/**
 * The base of every view: light DOM (the one external stylesheet styles it, as in the widget),
 * a `context` from the shell, and `load()` called whenever the context changes. `error` holds
 * the last failed call's message for the view to show.
 */
export abstract class DashboardViewElement extends LitElement {
  static override properties = {
    context: { attribute: false },
    error: { state: true },
    busy: { state: true },
  };

  declare context: ViewContext | undefined;
  declare error: string | null;
  declare busy: boolean;

  constructor() {
    super();
    this.error = null;
    this.busy = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('context') && this.context) void this.run(() => this.load(this.context as ViewContext));
  }

  /** Reads what the view shows; called with each new context. */
  protected abstract load(context: ViewContext): Promise<void>;

  /** Runs a call with `busy` set; a failure becomes `error` (its problems listed) and is announced. */
  protected async run<T>(action: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    this.error = null;
    try {
      return await action();
    } catch (error) {
      this.error = describeError(error);
      this.context?.announce(this.error);
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}

export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const problems = error.problems.length ? `: ${error.problems.join('; ')}` : '';
    return `${error.message}${problems} (${error.errorCode})`;
  }
  return error instanceof Error ? error.message : String(error);
}
