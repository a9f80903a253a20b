import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { type DeadLetter, DeadLetterStore } from '@kyc/events';
import type { DataSource } from '@kyc/persistence';
import { z } from 'zod';
import { AdminTokenGuard } from '../admin-token.guard';
import type { deadLetterListResponse, deadLetterReplayResponse, deadLetterResponse } from '../openapi/response-schemas';

const name = z.string().trim().min(1).max(200);

export const listDeadLettersQuery = z.object({
  group: name.optional(),
  topic: name.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Strict: a misspelt filter must not widen a replay to every dead letter. */
export const replayDeadLettersBody = z.strictObject({ group: name.optional(), topic: name.optional() });

function presentDeadLetter(letter: DeadLetter): z.infer<typeof deadLetterResponse> {
  return {
    id: letter.id,
    group: letter.group,
    topic: letter.topic,
    eventId: letter.eventId,
    eventType: letter.eventType,
    reason: letter.reason,
    origin: letter.origin,
    lastError: letter.lastError,
    attempts: letter.attempts,
    status: letter.replayedAt ? ('replayed' as const) : letter.replayRequestedAt ? ('replay_requested' as const) : ('dead' as const),
    firstFailedAt: letter.firstFailedAt.toISOString(),
    lastFailedAt: letter.lastFailedAt.toISOString(),
    deadLetteredAt: letter.deadLetteredAt.toISOString(),
    replayRequestedAt: letter.replayRequestedAt?.toISOString() ?? null,
    replayedAt: letter.replayedAt?.toISOString() ?? null,
  };
}

/**
 * Events the consumers gave up on (`eventbus.dead_letters`), for operators: list them and ask
 * the owning consumer group to replay them. The replay runs in that group's service within a few
 * seconds (DEAD_LETTER_REPLAY_POLL_MS); read the dead letter again to see `replayedAt` or the new
 * `lastError`. Message bytes are never answered.
 */
@Controller('admin/v1/dead-letters')
@UseGuards(AdminTokenGuard)
export class DeadLettersAdminController {
  constructor(private readonly deadLetters: DeadLetterStore) {}

  @Get()
  async list(@Query() rawQuery: unknown): Promise<z.infer<typeof deadLetterListResponse>> {
    const query = listDeadLettersQuery.parse(rawQuery ?? {});
    const filter = { group: query.group, topic: query.topic };
    const [deadLetters, total] = await Promise.all([
      this.deadLetters.list({ ...filter, limit: query.limit, offset: query.offset }),
      this.deadLetters.count(filter),
    ]);
    return { deadLetters: deadLetters.map(presentDeadLetter), total };
  }

  @Post('replay')
  @HttpCode(200)
  async replayAll(@Body() rawBody: unknown): Promise<z.infer<typeof deadLetterReplayResponse>> {
    const filter = replayDeadLettersBody.parse(rawBody ?? {});
    return { requested: await this.deadLetters.requestReplayAll(filter) };
  }

  @Post(':id/replay')
  @HttpCode(200)
  async replay(@Param('id') id: string) {
    const letter = await this.deadLetters.requestReplay(id);
    if (!letter) throw new KycError(ErrorCode.NOT_FOUND, 'Dead letter not found');
    return presentDeadLetter(letter);
  }
}

/**
 * The store the controller reads, on the gateway's data source: the `eventbus` schema lives in
 * the same database and every query names it, as the services' event buses do with theirs.
 */
export const deadLetterStoreProvider = (dataSource: DataSource) => ({
  provide: DeadLetterStore,
  useValue: new DeadLetterStore(dataSource),
});
