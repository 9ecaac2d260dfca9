import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newMessageId, sendNotificationJob } from '../src/modules/notifications/notifications.jobs.js';
import { outboxMessages } from '../src/modules/notifications/notifications.schema.js';
import { waitForResetCode } from './auth-helpers.js';
import { makeBusiness } from './fixtures.js';
import { startTestServer, type TestDbKind, waitFor } from './harness.js';

/** pg-boss must run on both databases, whichever one SAPA_TEST_DB selects for the rest of the suite. */
describe.each<TestDbKind>(['pglite', 'postgres'])('pg-boss on %s', (kind) => {
  it('processes a job sent through deps.jobs, once, and delivers a forgot-password code', async () => {
    const server = await startTestServer({ kind });
    try {
      expect(server.database.kind).toBe(kind);

      // A job straight through the queue: the worker writes the outbox row.
      const messageId = newMessageId();
      const jobId = await server.deps.jobs.send(sendNotificationJob(server.deps), {
        channel: 'email',
        recipient: `jobs-${kind}@example.com`,
        subject: 'probe',
        body: `probe on ${kind}`,
        messageId,
      });
      expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
      const row = await waitFor(async () => {
        const [found] = await server.deps.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.id, messageId));
        return found;
      });
      expect(row).toMatchObject({ recipient: `jobs-${kind}@example.com`, body: `probe on ${kind}` });
      // pg-boss marks it completed.
      const state = await waitFor(async () => {
        const res = await server.database.sql.query<{ state: string }>(
          'select state from pgboss.job where id = $1',
          [jobId],
        );
        const s = res.rows[0]?.state;
        return s === 'completed' ? s : undefined;
      });
      expect(state).toBe('completed');
      const delivered = await server.deps.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, `jobs-${kind}@example.com`));
      expect(delivered).toHaveLength(1);

      // The product flow: forgot password sends its code through the same queue.
      const biz = await makeBusiness(server.deps.db, `Antrian ${kind}`);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { channel: 'email', email: biz.owner.email },
      });
      expect(res.statusCode).toBe(200);
      const { code } = await waitForResetCode(server.deps.db, biz.owner.email);
      const verify = await server.app.inject({
        method: 'POST',
        url: '/api/auth/password/verify',
        payload: { resetId: res.json().resetId, otp: code },
      });
      expect(verify.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  }, 300_000);
});
