import Fastify from 'fastify';

/**
 * The yardstick of bench:api: a bare Fastify route answering a small JSON body, in a process of
 * its own (as the gateway is), so the platform's figures can be read against what Node and Fastify
 * serve on the same machine in the same run. Prints its port on stdout once listening.
 */
async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ id: '00000000-0000-4000-8000-000000000000', status: 'completed' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${new URL(address).port}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
