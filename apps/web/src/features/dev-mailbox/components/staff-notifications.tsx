import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDevStaffNotifications } from '../api/staff-notifications';

/**
 * The staff notifications the demo posted to its own webhook (docs/decisions/191-staff-webhook.md):
 * new orders, failed renewals, refunds and chargebacks, stuck panel tasks and queues. The messages
 * themselves are English, as the staff's channel gets them; the section around them is translated.
 * Hidden where the list cannot be read (not the demo).
 */
export function StaffNotifications() {
  const { t, i18n } = useTranslation('mailbox');
  const { data, isPending, isError } = useDevStaffNotifications();
  if (isError) return null;
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (
    <Card
      padding="lg"
      bg="dark.7"
      mb="lg"
      component="section"
      aria-label={t('staff.title')}
      data-testid="staff-notifications"
    >
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t('staff.title')}
        </Title>
        <Text size="sm" c="dark.0">
          {t('staff.text')}
        </Text>
        {isPending ? (
          <Text size="sm" role="status">
            {t('staff.loading')}
          </Text>
        ) : data.length === 0 ? (
          <Text size="sm" c="dark.0">
            {t('staff.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.map((message) => (
              <Group
                key={message.id}
                component="li"
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                data-testid="staff-notification"
              >
                <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                  {date.format(new Date(message.receivedAt))}
                </Badge>
                <Text size="sm" lang="en" style={{ overflowWrap: 'anywhere' }}>
                  {message.content}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
