import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotFound } from '@/components/not-found';
import { ApiError } from '@/lib/api-client';
import { devMailKey, fetchDevMail } from '@/lib/dev-mail';
import { DemoClock } from './demo-clock';

/** GET /api/dev/mail answered 404: not the demo. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * /dev/mailbox: the demo's captured mail, so a visitor can read their code (architecture.md). Outside
 * the demo GET /api/dev/mail does not exist (404), and neither does this page.
 */
export function Mailbox() {
  const { t, i18n } = useTranslation('mailbox');
  const { data, error, isPending, isError, refetch, isFetching } = useQuery({
    queryKey: devMailKey,
    queryFn: fetchDevMail,
    refetchInterval: (query) => (isMissing(query.state.error) ? false : 5_000),
    retry: false,
  });
  if (isMissing(error)) return <NotFound />;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" mb="lg">
        <Stack gap={2}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dark.0" size="sm">
            {t('subtitle')}
          </Text>
        </Stack>
        <Button variant="light" onClick={() => void refetch()} loading={isFetching}>
          {t('refresh')}
        </Button>
      </Group>
      <DemoClock onAdvanced={() => void refetch()} />
      {isPending ? (
        <Text role="status">{t('loading')}</Text>
      ) : isError ? (
        <Alert color="yellow" title={t('unavailableTitle')}>
          {t('unavailable')}
        </Alert>
      ) : data.length === 0 ? (
        <Text c="dark.0">{t('empty')}</Text>
      ) : (
        <Stack gap="md">
          {data.map((mail) => (
            <Card
              key={`${mail.sentAt}-${mail.to}-${mail.subject}`}
              padding="lg"
              bg="dark.7"
              data-testid="mail"
            >
              <Group justify="space-between" mb="xs" wrap="wrap">
                <Title order={2} fz="md">
                  {mail.subject}
                </Title>
                <Badge variant="light" color="gray">
                  {date.format(new Date(mail.sentAt))}
                </Badge>
              </Group>
              <Text size="sm" c="dark.0" mb="sm">
                {t('to', { to: mail.to })}
              </Text>
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} m={0}>
                {mail.text}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
