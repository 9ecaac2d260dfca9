import {
  type ChannelAccount,
  type emailAccountBody,
  emailAddressOf,
  type emailSettingsBody,
  type imapSettingsSchema,
} from '@sapa/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../../../platform/auth/route-access.js';
import type { Db } from '../../../../platform/db/database.js';
import type { ServerDeps } from '../../../../platform/deps.js';
import { AppError, badRequest, conflict, notFound } from '../../../../platform/http/errors.js';
import {
  channelAccounts,
  type EmailConfig,
  type EmailSecrets,
  type ImapConfig,
} from '../../channels.schema.js';
import {
  auditedAccount,
  type ChannelAccountRow,
  getAccount,
  insertConnectedAccount,
  openSecrets,
  requireChannelManager,
  toChannelAccount,
} from '../../channels.service.js';
import { checkImapLogin } from './imap-reader.js';

type ImapBody = z.output<typeof imapSettingsSchema>;

/**
 * The IMAP part of an account's settings, signed in once to prove it (an empty password keeps `keptPassword`):
 * the config and secrets to store, or a translated refusal with the server's reason.
 */
async function imapSettingsOf(
  body: ImapBody | null | undefined,
  kept: { imap: ImapConfig | null; password: string },
): Promise<{ imap: ImapConfig | null; secrets: EmailSecrets }> {
  if (body === undefined)
    return { imap: kept.imap, secrets: kept.imap ? { imapPassword: kept.password } : {} };
  if (body === null) return { imap: null, secrets: {} };
  const { password, ...imap } = body;
  const imapPassword = password || kept.password;
  if (!imapPassword)
    throw badRequest('email.imapPasswordRequired', { 'imap.password': 'email.imapPasswordRequired' });
  const problem = await checkImapLogin(imap, imapPassword);
  if (problem) throw new AppError(400, 'email.imapConnectFailed', { params: [problem.slice(0, 200)] });
  return { imap, secrets: { imapPassword } };
}

/** The partner's user prefix and the domains Sapa receives mail for (001 §5 "email domain must be available"). */
export function emailDomains(deps: Pick<ServerDeps, 'config' | 'partner'>) {
  return { prefix: deps.partner.emailUserPrefix, domains: deps.config.email.domains };
}

const domainNotAvailable = () =>
  badRequest('email.domainNotAvailable', { domain: 'email.domainNotAvailable' });

/**
 * 000 §2 /email/create: an email address of the business on one of Sapa's domains (owner or admin; several
 * per business; one address belongs to one account, 001 §8 "duplicate email account").
 */
export async function createEmailAccount(
  deps: ServerDeps,
  auth: AuthContext,
  body: z.output<typeof emailAccountBody>,
): Promise<ChannelAccount> {
  requireChannelManager(auth);
  if (!deps.partner.allowedChannels.includes('EML')) throw new AppError(400, 'channel.notOffered');
  const row = await insertEmailAccount(deps, auth.clientId, body);
  return toChannelAccount(deps, row);
}

/** Also used by the demo wiring. */
export async function insertEmailAccount(
  deps: Pick<ServerDeps, 'db' | 'secrets' | 'config' | 'partner'>,
  clientId: string,
  body: z.output<typeof emailAccountBody>,
): Promise<ChannelAccountRow> {
  if (!deps.config.email.domains.includes(body.domain)) throw domainNotAvailable();
  const address = emailAddressOf(deps.partner.emailUserPrefix, body.addressPart, body.domain);
  const { imap, secrets } = await imapSettingsOf(body.imap, { imap: null, password: '' });
  const config: EmailConfig = {
    domain: body.domain,
    displayName: body.displayName,
    header: body.header,
    footer: body.footer,
    imap,
  };
  return insertConnectedAccount(
    deps,
    { clientId, channel: 'EML', name: body.displayName, address, config, secrets },
    () => conflict('channel.emailExists', { addressPart: 'channel.emailExists' }),
  );
}

/** 000 §2 /email/edit; 001 §2 email settings: display name, header, footer; the mailbox read over IMAP. */
export async function updateEmailAccount(
  deps: ServerDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof emailSettingsBody>,
): Promise<ChannelAccount> {
  const row = await getAccount(deps.db, auth.clientId, id);
  if (row?.channel !== 'EML' || row.status !== 'connected') throw notFound();
  requireChannelManager(auth);
  const current = row.config as EmailConfig;
  const keptPassword = openSecrets<EmailSecrets>(deps, row).imapPassword ?? '';
  const { imap: imapBody, ...settings } = body;
  const { imap, secrets } = await imapSettingsOf(imapBody, {
    imap: current.imap ?? null,
    password: keptPassword,
  });
  const config: EmailConfig = { ...current, ...settings, imap };
  const [updated] = await deps.db
    .update(channelAccounts)
    .set({
      name: body.displayName,
      config,
      secrets: deps.secrets.seal(JSON.stringify(secrets)),
      updatedAt: new Date(),
    })
    .where(and(eq(channelAccounts.clientId, auth.clientId), eq(channelAccounts.id, id)))
    .returning();
  return auditedAccount(deps.db, auth, toChannelAccount(deps, updated!), toChannelAccount(deps, row));
}

/** The connected email addresses of a business, oldest first (the demo's webmail offers them as "To"). */
export async function listEmailAddresses(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ address: channelAccounts.address })
    .from(channelAccounts)
    .where(
      and(
        eq(channelAccounts.clientId, clientId),
        eq(channelAccounts.channel, 'EML'),
        eq(channelAccounts.status, 'connected'),
      ),
    )
    .orderBy(asc(channelAccounts.createdAt));
  return rows.map((r) => r.address);
}
