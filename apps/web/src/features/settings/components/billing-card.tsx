import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AutoTopUpSection } from './auto-top-up-card';
import { CreditHistory } from './credit-history';
import { InvoicesTable } from './invoices-table';

/** The "Billing" part of the settings: auto top-up, invoices and credit notes, then the credit history. */
export function BillingCard() {
  const { t } = useTranslation('settings');
  return (
    <Card
      padding="lg"
      bg="dark.7"
      component="section"
      aria-labelledby="settings-billing"
      data-testid="settings-billing"
    >
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={2} fz="h3" id="settings-billing">
            {t('billing.title')}
          </Title>
          <Text c="dark.0" size="sm">
            {t('billing.text')}
          </Text>
        </Stack>
        <AutoTopUpSection />
        <Divider />
        <InvoicesTable />
        <Divider />
        <CreditHistory />
      </Stack>
    </Card>
  );
}
