import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An unknown section (product.md "Screens and routes"). */
export function ChooseSection() {
  const { t } = useTranslation('dashboard');
  return (
    <Card padding="xl" bg="dark.7">
      <Text fw={600}>{t('chooseSection')}</Text>
    </Card>
  );
}
