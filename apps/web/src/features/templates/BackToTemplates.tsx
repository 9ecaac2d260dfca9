import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The link back to /template/whatsapp above the form and the insight. */
export function BackToTemplates() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/template/whatsapp" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('waTemplates.back')}
      </Group>
    </Anchor>
  );
}
