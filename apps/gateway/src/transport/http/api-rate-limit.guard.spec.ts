import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { projectEnvironments } from '@kyc/contracts';
import { ErrorCode, KycError } from '@kyc/errors';
import { DEFAULT_API_RATE_LIMITS } from '../../domain/api-rate-limits';
import type { ApiCallWindowStore } from '../../infrastructure/api-call-window.store';
import { ApiRateLimitGuard, RateLimited } from './api-rate-limit.guard';

class Routes {
  @RateLimited('submit')
  submit() {}

  unlimited() {}
}

describe(ApiRateLimitGuard.name, () => {
  const windowStartedAt = new Date('2026-11-26T10:00:00Z');
  const observedAt = new Date('2026-11-26T10:00:45.200Z');

  const setUp = (calls: number) => {
    const recorded: unknown[] = [];
    const store: ApiCallWindowStore = {
      record: async (caller, callClass) => {
        recorded.push({ caller, callClass });
        return { calls, windowStartedAt, observedAt };
      },
      purgeEnded: async () => 0,
    };
    const headers: Record<string, string> = {};
    const reply = { headers: (values: Record<string, string>) => Object.assign(headers, values) };
    const request = { principal: { projectId: 'p-1', environment: projectEnvironments.toWire('sandbox') } };
    const context = (handler: () => void) =>
      ({
        getHandler: () => handler,
        switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
      }) as unknown as ExecutionContext;
    const guard = new ApiRateLimitGuard(new Reflector(), store, DEFAULT_API_RATE_LIMITS);
    return { guard, recorded, headers, context };
  };

  it('counts a limited call of the project environment and answers the RateLimit headers', async () => {
    const { guard, recorded, headers, context } = setUp(30);
    await expect(guard.canActivate(context(Routes.prototype.submit))).resolves.toBe(true);
    expect(recorded).toEqual([{ caller: { projectId: 'p-1', environment: 'sandbox' }, callClass: 'submit' }]);
    expect(headers).toEqual({ 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-reset': '15' });
  });

  it('refuses the call over the limit with RATE_LIMITED, adding Retry-After to the headers', async () => {
    const { guard, headers, context } = setUp(31);
    const refusal = guard.canActivate(context(Routes.prototype.submit));
    await expect(refusal).rejects.toBeInstanceOf(KycError);
    await expect(refusal).rejects.toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(headers).toEqual({ 'ratelimit-limit': '30', 'ratelimit-remaining': '0', 'ratelimit-reset': '15', 'retry-after': '15' });
  });

  it('leaves routes without a class alone', async () => {
    const { guard, recorded, headers, context } = setUp(1_000);
    await expect(guard.canActivate(context(Routes.prototype.unlimited))).resolves.toBe(true);
    expect(recorded).toEqual([]);
    expect(headers).toEqual({});
  });
});
