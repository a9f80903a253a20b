import { AsyncLocalStorage } from 'node:async_hooks';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';

/**
 * Deadline propagation across hops. A service handling an RPC knows when its caller gives up;
 * every call it makes while handling it ends no later than that (minus a margin to answer in), so
 * work nobody waits for any more stops at every hop instead of running on downstream. Each client
 * keeps its own budget per call (its stage's deadline); the effective deadline is the earlier one.
 */
const upstreamDeadline = new AsyncLocalStorage<number>();

/** Kept back from the caller's deadline, so this hop can still answer (with the downstream error) in time. */
export const PROPAGATION_MARGIN_MS = 50;

/** Runs `work` with the caller's deadline (epoch ms) in scope; no deadline or an infinite one changes nothing. */
export function withUpstreamDeadline<T>(deadline: number | undefined, work: () => T): T {
  return deadline === undefined || !Number.isFinite(deadline) ? work() : upstreamDeadline.run(deadline, work);
}

/** The deadline (epoch ms) of a call made now with a budget of `budgetMs`: the budget, or what the caller has left. */
export function callDeadline(budgetMs: number, now = Date.now()): number {
  const own = now + budgetMs;
  const upstream = upstreamDeadline.getStore();
  return upstream === undefined ? own : Math.min(own, upstream - PROPAGATION_MARGIN_MS);
}

/** grpc-js gives a server call's deadline as a Date, epoch ms, or Infinity when the caller set none. */
function epochMs(deadline: Date | number | undefined): number | undefined {
  if (deadline === undefined) return undefined;
  return deadline instanceof Date ? deadline.getTime() : deadline;
}

/**
 * Installed on every gRPC service (startGrpcService): the handler runs with its caller's deadline
 * in scope. NestJS binds the handler to the async context current when `handle()` is called.
 */
@Injectable()
export class UpstreamDeadlineInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = context.getArgByIndex<{ getDeadline?: () => Date | number } | undefined>(2);
    return withUpstreamDeadline(epochMs(call?.getDeadline?.()), () => next.handle());
  }
}
