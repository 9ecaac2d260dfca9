import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppInfo } from '../../app/appInfo';
import { BrandMark } from './BrandMark';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of the public pages: brand, language switch, one centred card. */
export function PublicLayout({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  const info = useAppInfo();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Group justify="space-between" px="md" py="sm">
        <Anchor component={Link} to="/login" underline="never" c="inherit">
          <Group gap="xs">
            <BrandMark />
            <Text fw={700}>{info.partner.brandName}</Text>
          </Group>
        </Anchor>
        <LanguageSwitch />
      </Group>
      <Center px="md" pb="xl" pt={{ base: 'md', sm: 48 }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
