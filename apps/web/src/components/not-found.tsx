import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The not-found page (product.md "Screens and routes", route `*`): a 404 and a link home. */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md">
        <Text fz={96} fw={900} className="fh-gradient-text" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dark.1">{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
