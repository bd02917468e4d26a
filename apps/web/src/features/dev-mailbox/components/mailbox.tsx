import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NotFound } from '@/components/not-found';
import { ApiError } from '@/lib/api-client';
import { type DevMailAttachment, devMailKey, fetchDevMail } from '@/lib/dev-mail';
import { DemoClock } from './demo-clock';
import { StaffNotifications } from './staff-notifications';

/** A size in bytes as the mailbox shows it: bytes, kB or MB in the page's language (1 kB = 1000 B). */
function fileSize(language: string, bytes: number): string {
  const [value, unit] =
    bytes >= 1_000_000
      ? [bytes / 1_000_000, 'megabyte']
      : bytes >= 1_000
        ? [bytes / 1_000, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** A mail's attachments: name, size and a download link each (the invoice mail's PDF). */
function Attachments({ files }: { files: DevMailAttachment[] }) {
  const { t, i18n } = useTranslation('mailbox');
  if (files.length === 0) return null;
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack
      gap={4}
      mt="sm"
      component="section"
      aria-label={t('attachments.title')}
      data-testid="mail-attachments"
    >
      <Text size="sm" fw={600}>
        {t('attachments.title')}
      </Text>
      {files.map((file) => (
        <Group key={file.url} gap="xs" wrap="wrap">
          <Anchor
            href={file.url}
            download={file.filename}
            size="sm"
            c="falken.2"
            underline="always"
            aria-label={t('attachments.download', { name: file.filename })}
            style={{ overflowWrap: 'anywhere' }}
          >
            {file.filename}
          </Anchor>
          <Text size="sm" c="dark.0" style={{ whiteSpace: 'nowrap' }}>
            {fileSize(language, file.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** GET /api/dev/mail answered 404: not the demo. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * /dev/mailbox: the demo's captured mail, so a visitor can read their code (demo.md
 * "Contracts the demo must keep"). Outside the demo GET /api/dev/mail does not exist (404), and neither does
 * this page.
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
      <StaffNotifications />
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
            <Card key={mail.id} padding="lg" bg="dark.7" data-testid="mail">
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
              <Attachments files={mail.attachments ?? []} />
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
