/**
 * The inbound baseline: bare Fastify, one route that INSERTs the raw request body into a table of a scratch
 * PostgreSQL database (DATABASE_URL) and answers 200. No signature check, no parsing beyond the raw bytes.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query('CREATE TABLE IF NOT EXISTS inbound (id bigserial PRIMARY KEY, body text NOT NULL)');
const app = Fastify({ logger: false });
app.removeContentTypeParser('application/json');
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
app.get('/ping', async () => ({ ok: true }));
app.post('/insert', async (request) => {
  await pool.query('INSERT INTO inbound (body) VALUES ($1)', [request.body as string]);
  return { ok: true };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });

const stop = () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
