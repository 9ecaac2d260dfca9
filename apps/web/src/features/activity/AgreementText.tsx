import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../app/appInfo';

interface AgreementSection {
  heading: string;
  body: string;
}

/** The built-in agreement is served at /pp.html; a partner may configure another link instead. */
const BUILT_IN_AGREEMENT_PATH = '/pp.html';

function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** A partner's own agreement, fetched as text from the configured link (000 §7). */
function RemoteAgreement({ url }: { url: string }) {
  const { t } = useTranslation();
  const text = useQuery({
    queryKey: ['agreement', url],
    queryFn: async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      const body = await response.text();
      return /<html|<body|<p[\s>]/i.test(body) ? textOfHtml(body) : body;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (text.isPending) return <Loader size="sm" />;
  if (text.isError) return <BuiltInAgreement note={t('agreement.remoteFailed')} />;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text.data}
    </Text>
  );
}

function BuiltInAgreement({ note }: { note?: string }) {
  const { t } = useTranslation();
  const info = useAppInfo();
  const sections = t('agreement.sections', { returnObjects: true, brand: info.partner.brandName }) as
    | AgreementSection[]
    | string;
  return (
    <Stack gap="sm">
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
      <Text size="sm">{t('agreement.intro', { brand: info.partner.brandName })}</Text>
      {Array.isArray(sections)
        ? sections.map((section) => (
            <Stack gap={4} key={section.heading}>
              <Title order={3} size="h6">
                {section.heading}
              </Title>
              <Text size="sm">{section.body}</Text>
            </Stack>
          ))
        : null}
    </Stack>
  );
}

/** The user agreement (000 §2 /pp.html, 000 §4 consent dialog). */
export function AgreementText() {
  const info = useAppInfo();
  const url = info.partner.consentAgreementUrl;
  if (!url || url === BUILT_IN_AGREEMENT_PATH) return <BuiltInAgreement />;
  return <RemoteAgreement url={url} />;
}
