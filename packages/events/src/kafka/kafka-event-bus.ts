import { type Admin, Kafka, type KafkaMessage, type Producer, logLevel } from 'kafkajs';
import type { Logger } from '@kyc/logger';
import type { DataSource } from '@kyc/persistence';
import { DeadLetterReplayer, DEAD_LETTER_REPLAY_POLL_MS } from '../dead-letters/dead-letter-replayer';
import { type NewDeadLetter, recordDeadLetter } from '../dead-letters/dead-letter-store';
import type { EventBus, EventEnvelope, EventHandler, Subscription, SubscriptionOptions } from '../event-bus';
import { decodeEvent, encodeEvent } from '../event-codec';
import { type ConsumerLag, kafkaLag } from '../consumer-lag-metrics';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, describeFailure, retryDelayMs } from '../retry-policy';
import { kafkaLogCreator } from './kafka-log';

const TOPIC_PARTITIONS = 3;

/**
 * How long a fetch waits at the broker when there is nothing to read (kafkajs's default is 5 s).
 * A partition resumed after a retry backoff is fetched again only from the next fetch cycle on,
 * so this bounds how late a retry can run after its backoff; idle fetches twice a second cost nothing.
 */
const FETCH_MAX_WAIT_MS = 500;

/** Failed attempts of one message, by `<partition>@<offset>`, while it is being retried. */
interface FailureState {
  attempts: number;
  firstFailedAt: Date;
  /** Date.now() before which the message must not be attempted again. */
  notBefore: number;
}

/**
 * The Kafka transport (KAFKA_BROKERS): an idempotent producer keyed by session id (one
 * session's events stay in one partition, in order), one consumer group per consuming service,
 * and offsets committed by hand only after the handler's own transaction committed. A failing
 * handler is retried with exponential backoff by pausing its partition (see subscribe); after
 * the last attempt the message goes to `eventbus.dead_letters` and the partition moves on.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private producer?: Promise<Producer>;
  private readonly subscriptions = new Set<Subscription>();
  private readonly topics = new Map<string, Promise<void>>();
  private readonly retry: RetryPolicy;
  private readonly replayPollMs: number;
  private readonly replayer: DeadLetterReplayer;

  /**
   * `dataSource` reaches the `eventbus` schema (the service's own data source does: every query
   * names the schema): dead letters are written there and replays read from there, as on the
   * embedded transport.
   */
  constructor(
    brokers: string[],
    private readonly clientId: string,
    private readonly logger: Logger,
    private readonly dataSource: DataSource,
    options: SubscriptionOptions = {},
  ) {
    this.kafka = new Kafka({ clientId, brokers, logLevel: logLevel.ERROR, logCreator: kafkaLogCreator(logger), retry: { retries: 8 } });
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.replayPollMs = options.replayPollMs ?? DEAD_LETTER_REPLAY_POLL_MS;
    this.replayer = new DeadLetterReplayer(dataSource, logger);
  }

  /** The groups this process consumes, by topic, for `consumerLag`. */
  private readonly consumed = new Set<string>();
  private lagAdmin?: Promise<Admin>;

  /** Each consumed group's lag on its topic: high watermarks minus committed offsets (kafkajs admin). */
  async consumerLag(): Promise<ConsumerLag[]> {
    if (!this.consumed.size) return [];
    this.lagAdmin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.lagAdmin = undefined;
      throw error;
    });
    const admin = await this.lagAdmin;
    return Promise.all(
      [...this.consumed].map(async (key) => {
        const [group, topic] = JSON.parse(key) as [string, string];
        const [latest, [committed]] = await Promise.all([
          admin.fetchTopicOffsets(topic),
          admin.fetchOffsets({ groupId: group, topics: [topic] }),
        ]);
        return { group, topic, lag: kafkaLag(latest, committed?.partitions ?? []) };
      }),
    );
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: true });
      await producer.connect();
      return producer;
    })();
    return this.producer;
  }

  /**
   * Creates the topic before first use. A consumer that subscribes to a topic that does not exist
   * yet would otherwise see no partitions until its next metadata refresh, minutes later.
   */
  private ensureTopic(topic: string): Promise<void> {
    let created = this.topics.get(topic);
    if (!created) {
      created = (async () => {
        const admin = this.kafka.admin();
        await admin.connect();
        try {
          await admin.createTopics({ topics: [{ topic, numPartitions: TOPIC_PARTITIONS }], waitForLeaders: true });
        } finally {
          await admin.disconnect();
        }
      })();
      created.catch(() => this.topics.delete(topic));
      this.topics.set(topic, created);
    }
    return created;
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (!events.length) return;
    await this.ensureTopic(topic);
    const producer = await this.connectedProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: events.map((event) => ({
        key: event.sessionId,
        value: Buffer.from(encodeEvent(event)),
        headers: { 'content-type': 'application/x-protobuf', type: event.type, id: event.id },
      })),
    });
  }

  subscribe(group: string, topic: string, handler: EventHandler): Subscription {
    this.consumed.add(JSON.stringify([group, topic]));
    // A consumer killed without leaving its group holds its partitions until the session times
    // out; 10 s (the broker's minimum is 6 s) keeps that failover short.
    const consumer = this.kafka.consumer({
      groupId: group,
      allowAutoTopicCreation: true,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
    });
    const failures = new Map<string, FailureState>();
    const resumeTimers = new Map<number, NodeJS.Timeout>();
    let stopping = false;
    const started = (async () => {
      await this.ensureTopic(topic);
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        // Partitions are independent orderings (one session lives in one), so they run side by side.
        partitionsConsumedConcurrently: TOPIC_PARTITIONS,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale, pause }) => {
          // Offsets are committed only for messages whose handler has committed (or that were
          // dead-lettered), after the batch or when it stops at a message that must be retried.
          let handledUpTo: string | undefined;
          for (const message of batch.messages) {
            if (!isRunning() || isStale()) break;
            const retryInMs = await this.consume(group, topic, batch.partition, message, handler, failures);
            if (retryInMs !== undefined) {
              // Backoff by pausing the partition, as the kafkajs docs advise for a dependency that
              // fails (Consuming.md, "Pause & Resume"), rather than sleeping in here: eachBatch
              // returns at once, so the other partitions keep flowing, kafkajs keeps heartbeating
              // (the 10 s session never lapses however long the backoff), a rebalance is not held
              // up and stop() does not wait for the backoff. The failed message stays unresolved,
              // so after resume() the partition is fetched again from it. Nothing is thrown: an
              // error out of eachBatch would stop every partition's fetcher and count towards
              // kafkajs's restart-the-consumer retries.
              if (!stopping) {
                const resume = pause();
                clearTimeout(resumeTimers.get(batch.partition));
                resumeTimers.set(
                  batch.partition,
                  setTimeout(() => {
                    resumeTimers.delete(batch.partition);
                    resume();
                  }, retryInMs),
                );
              }
              break;
            }
            resolveOffset(message.offset);
            handledUpTo = message.offset;
            await heartbeat();
          }
          if (handledUpTo !== undefined)
            await consumer.commitOffsets([{ topic, partition: batch.partition, offset: (BigInt(handledUpTo) + 1n).toString() }]);
        },
      });
    })().catch((error) => this.logger.error({ err: error, group, topic }, 'kafka consumer failed to start'));
    const replays = this.replayer.start(group, topic, handler, this.replayPollMs);
    const subscription: Subscription = {
      stop: async () => {
        stopping = true;
        for (const timer of resumeTimers.values()) clearTimeout(timer);
        resumeTimers.clear();
        await started;
        await Promise.all([consumer.disconnect(), replays.stop()]);
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Handles one message. Answers how long to wait before attempting it again, or undefined when
   * it is consumed: handled, dead-lettered, or not an event at all (null value). The attempt
   * count is this consumer's (in memory): a partition that moves to another member in a
   * rebalance starts its count again there.
   */
  private async consume(
    group: string,
    topic: string,
    partition: number,
    message: KafkaMessage,
    handler: EventHandler,
    failures: Map<string, FailureState>,
  ): Promise<number | undefined> {
    const key = `${partition}@${message.offset}`;
    const state = failures.get(key);
    // Fetched again before its backoff ended (a consumer restart lost the pause): wait the rest.
    if (state && state.notBefore > Date.now()) return state.notBefore - Date.now();
    if (!message.value) {
      this.logger.warn({ group, topic, partition, offset: message.offset }, 'kafka message without a value (not an event); skipping it');
      return undefined;
    }
    const origin = `kafka:${partition}@${message.offset}`;
    let event: EventEnvelope;
    try {
      event = decodeEvent(message.value);
    } catch (error) {
      // Not an event: retrying cannot help. It is kept with its bytes (a newer consumer may read it on replay).
      return this.deadLetter(
        {
          group,
          topic,
          eventId: null,
          eventType: null,
          reason: 'undecodable',
          origin,
          message: message.value,
          lastError: describeFailure(error),
          attempts: (state?.attempts ?? 0) + 1,
          firstFailedAt: state?.firstFailedAt,
        },
        error,
        key,
        failures,
      );
    }
    try {
      await handler(event);
      failures.delete(key);
      return undefined;
    } catch (error) {
      const attempts = (state?.attempts ?? 0) + 1;
      const firstFailedAt = state?.firstFailedAt ?? new Date();
      if (attempts < this.retry.maxAttempts) {
        const retryInMs = retryDelayMs(attempts, this.retry);
        failures.set(key, { attempts, firstFailedAt, notBefore: Date.now() + retryInMs });
        this.logger.warn({ err: error, group, topic, eventId: event.id, attempt: attempts, retryInMs }, 'event handler failed; will retry');
        return retryInMs;
      }
      return this.deadLetter(
        {
          group,
          topic,
          eventId: event.id,
          eventType: event.type,
          reason: 'handler_failed',
          origin,
          message: message.value,
          lastError: describeFailure(error),
          attempts,
          firstFailedAt,
        },
        error,
        key,
        failures,
      );
    }
  }

  /**
   * Writes the dead letter; the message is consumed once it is written. If it cannot be written
   * (the database is down), the message is not skipped: it is attempted again after a backoff,
   * and the next failure tries the dead letter again.
   */
  private async deadLetter(
    letter: NewDeadLetter,
    error: unknown,
    key: string,
    failures: Map<string, FailureState>,
  ): Promise<number | undefined> {
    const log = { group: letter.group, topic: letter.topic, eventId: letter.eventId, attempts: letter.attempts, origin: letter.origin };
    try {
      const deadLetterId = await recordDeadLetter(this.dataSource, letter);
      failures.delete(key);
      this.logger.error(
        { err: error, ...log, deadLetterId },
        letter.reason === 'undecodable' ? 'undecodable event dead-lettered' : 'event handler kept failing; event dead-lettered',
      );
      return undefined;
    } catch (recordError) {
      const retryInMs = retryDelayMs(letter.attempts, this.retry);
      failures.set(key, {
        attempts: letter.attempts,
        firstFailedAt: letter.firstFailedAt ?? new Date(),
        notBefore: Date.now() + retryInMs,
      });
      this.logger.error({ err: recordError, ...log, retryInMs }, 'could not write the dead letter; the event will be attempted again');
      return retryInMs;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    if (this.producer) await (await this.producer).disconnect();
    if (this.lagAdmin) await (await this.lagAdmin.catch(() => undefined))?.disconnect();
  }
}
