import { Kafka, type Consumer, type Producer, logLevel } from 'kafkajs';
import type { Logger } from '@kyc/logger';
import { type EventBus, type EventEnvelope, type EventHandler, MAX_HANDLER_FAILURES, type Subscription } from '../event-bus';
import { decodeEvent, encodeEvent } from '../event-codec';
import { kafkaLogCreator } from './kafka-log';

const TOPIC_PARTITIONS = 3;

/**
 * The Kafka transport (KAFKA_BROKERS): an idempotent producer keyed by session id (one
 * session's events stay in one partition, in order), one consumer group per consuming service,
 * and offsets committed by hand only after the handler's own transaction committed.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private producer?: Promise<Producer>;
  private readonly consumers = new Set<Consumer>();
  private readonly topics = new Map<string, Promise<void>>();

  constructor(brokers: string[], private readonly clientId: string, private readonly logger: Logger) {
    this.kafka = new Kafka({ clientId, brokers, logLevel: logLevel.ERROR, logCreator: kafkaLogCreator(logger), retry: { retries: 8 } });
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
    await producer.send({ topic, acks: -1, messages: events.map((event) => ({ key: event.sessionId, value: Buffer.from(encodeEvent(event)), headers: { 'content-type': 'application/x-protobuf', type: event.type, id: event.id } })) });
  }

  subscribe(group: string, topic: string, handler: EventHandler): Subscription {
    // A consumer killed without leaving its group holds its partitions until the session times
    // out; 10 s (the broker's minimum is 6 s) keeps that failover short.
    const consumer = this.kafka.consumer({ groupId: group, allowAutoTopicCreation: true, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
    this.consumers.add(consumer);
    const failures = new Map<string, number>();
    const started = (async () => {
      await this.ensureTopic(topic);
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        // Partitions are independent orderings (one session lives in one), so they run side by side.
        partitionsConsumedConcurrently: TOPIC_PARTITIONS,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
          // Offsets are committed only for messages whose handler has committed: after the batch,
          // and before rethrowing a failure (kafkajs then redelivers from the failed message).
          let handledUpTo: string | undefined;
          const commit = async () => {
            if (handledUpTo !== undefined) await consumer.commitOffsets([{ topic, partition: batch.partition, offset: (BigInt(handledUpTo) + 1n).toString() }]);
          };
          for (const message of batch.messages) {
            if (!isRunning() || isStale()) break;
            const event = this.decode(message.value, group, topic, batch.partition, message.offset);
            if (event) {
              try {
                await handler(event);
                failures.delete(event.id);
              } catch (error) {
                const count = (failures.get(event.id) ?? 0) + 1;
                failures.set(event.id, count);
                if (count < MAX_HANDLER_FAILURES) {
                  this.logger.warn({ err: error, group, eventId: event.id, attempt: count }, 'event handler failed; will retry');
                  await commit();
                  throw error;
                }
                this.logger.error({ err: error, group, eventId: event.id }, 'event handler kept failing; skipping the event');
                failures.delete(event.id);
              }
            }
            resolveOffset(message.offset);
            handledUpTo = message.offset;
            await heartbeat();
          }
          await commit();
        },
      });
    })().catch((error) => this.logger.error({ err: error, group, topic }, 'kafka consumer failed to start'));
    return {
      stop: async () => {
        await started;
        await consumer.disconnect();
        this.consumers.delete(consumer);
      },
    };
  }

  /** A message that is not an event (a poison message) is logged and skipped, never retried. */
  private decode(value: Buffer | null, group: string, topic: string, partition: number, offset: string): EventEnvelope | null {
    if (!value) return null;
    try {
      return decodeEvent(value);
    } catch (error) {
      this.logger.error({ err: error, group, topic, partition, offset }, 'undecodable event; skipping it');
      return null;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.disconnect()));
    if (this.producer) await (await this.producer).disconnect();
  }
}
