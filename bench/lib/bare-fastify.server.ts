/**
 * The baseline server: Fastify with nothing added, one route returning a small JSON. Run as its own process
 * by `startBareFastify` (PORT and HOST from the environment).
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/ping', async () => ({ ok: true, service: 'bare-fastify' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
