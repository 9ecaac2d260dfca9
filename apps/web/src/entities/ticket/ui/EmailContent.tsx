import { Anchor, Box, Button, Collapse, Group, Stack, Text, Typography } from '@mantine/core';
import type { Message } from '@sapa/contracts';
import { IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBlob } from '../../../shared/api';
import { foldEmailText, safeEmailHtml } from './email-html';

interface EmailFile {
  url: string;
  filename: string | null;
  mime: string;
  size: number;
}

/** What an email message carries in `payload.email` (server: `connectors/email/email-types.ts`). */
interface EmailPayload {
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  html: string | null;
  attachments: EmailFile[];
}

const isEmailPayload = (value: unknown): value is EmailPayload =>
  typeof value === 'object' && value !== null && 'subject' in value && 'attachments' in value;

/** The email of a message: the inbound one's headers and body, or an agent's subject, Cc and files. */
export function emailOf(message: Message): {
  email: EmailPayload | null;
  subject: string | null;
  cc: string[];
  files: EmailFile[];
} {
  const email = isEmailPayload(message.payload?.email) ? message.payload.email : null;
  const subject = typeof message.payload?.subject === 'string' ? message.payload.subject : null;
  const cc = Array.isArray(message.payload?.emailCc) ? (message.payload.emailCc as string[]) : [];
  const files = Array.isArray(message.payload?.emailFiles) ? (message.payload.emailFiles as EmailFile[]) : [];
  return { email, subject, cc, files };
}

export function fileSizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A file of an email: named with its size; fetched with the session's token when the agent opens it. */
function EmailAttachment({ file }: { file: EmailFile }) {
  const [loading, setLoading] = useState(false);
  const open = async () => {
    setLoading(true);
    try {
      const blob = await fetchBlob(file.url);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = file.filename ?? 'file';
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } finally {
      setLoading(false);
    }
  };
  return (
    <li>
      <Anchor component="button" type="button" size="sm" onClick={() => void open()} disabled={loading}>
        <Group gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <span>
            {file.filename ?? 'file'} ({fileSizeOf(file.size)})
          </span>
        </Group>
      </Anchor>
    </li>
  );
}

function Folded({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? t('channels.email.hideQuoted') : t('channels.email.showQuoted')}
      </Button>
      <Collapse expanded={open}>{children}</Collapse>
    </Box>
  );
}

function EmailBody({ email, text }: { email: EmailPayload; text: string | null }) {
  const { t } = useTranslation();
  const [showImages, setShowImages] = useState(false);
  const html = useMemo(
    () => (email.html ? safeEmailHtml(email.html, showImages) : null),
    [email.html, showImages],
  );
  if (!html) {
    const folded = foldEmailText(text ?? '');
    return (
      <Stack gap={4}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {folded.main}
        </Text>
        {folded.quoted ? (
          <Folded>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {folded.quoted}
            </Text>
          </Folded>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {html.blockedImages > 0 ? (
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('channels.email.imagesBlocked')}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPhoto size={12} aria-hidden />}
            onClick={() => setShowImages(true)}
          >
            {t('channels.email.showImages')}
          </Button>
        </Group>
      ) : null}
      <Typography fz="sm" style={{ overflowWrap: 'anywhere', maxWidth: '100%', overflowX: 'auto' }}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in safeEmailHtml (no script, no style, no remote loads until asked) */}
        <div data-testid="email-html" dangerouslySetInnerHTML={{ __html: html.main }} />
      </Typography>
      {html.quoted ? (
        <Folded>
          <Typography fz="sm" c="dimmed">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in safeEmailHtml */}
            <div dangerouslySetInnerHTML={{ __html: html.quoted }} />
          </Typography>
        </Folded>
      ) : null}
    </Stack>
  );
}

/**
 * An email in the chat room (issue 17 "email threads read as email"): subject, from, to, Cc, the body (HTML
 * sanitised, remote images held back, quoted history and signature folded away) and the files with sizes.
 * An agent's email shows its subject and Cc above the text.
 */
/** The files of an email, each with its size (opened on click). */
function EmailFiles({ files }: { files: EmailFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('channels.email.attachments')}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {files.map((file) => (
        <EmailAttachment key={file.url} file={file} />
      ))}
    </Box>
  );
}

export function EmailContent({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { email, subject, cc, files } = emailOf(message);
  if (!email)
    return (
      <Stack gap={2}>
        {subject ? (
          <Text size="xs" fw={600}>
            {t('channels.email.subject')}: {subject}
          </Text>
        ) : null}
        {cc.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('channels.email.cc')}: {cc.join(', ')}
          </Text>
        ) : null}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.text}
        </Text>
        <EmailFiles files={files} />
      </Stack>
    );
  return (
    <Stack gap={4} data-testid="email-message">
      <Text size="sm" fw={600}>
        {email.subject || '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {t('channels.email.from')}: {email.from}
      </Text>
      <Text size="xs" c="dimmed">
        {t('channels.email.to')}: {email.to.join(', ')}
      </Text>
      {email.cc.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('channels.email.cc')}: {email.cc.join(', ')}
        </Text>
      ) : null}
      <EmailBody email={email} text={message.text} />
      <EmailFiles files={email.attachments} />
    </Stack>
  );
}
