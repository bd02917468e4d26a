import {
  STORE_CREDITS_MAX,
  STORE_CREDITS_MIN,
  STORE_CREDITS_STEP,
  STORE_QUICK_AMOUNTS,
} from '@falkenhost/contracts/constants';
import { centsToEur, creditsToUnits, eurPrice } from '@falkenhost/contracts/money';
import { Box, Button, Card, Group, NumberInput, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';

/** Credit purchase (product.md "Customer store" right column); buy is disabled below 50 or when empty. */
export function CreditPurchase({ onBuy }: { onBuy: (amount: number) => void }) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const [amount, setAmount] = useState<number | ''>(STORE_QUICK_AMOUNTS[1]);
  const valid = typeof amount === 'number' && Number.isInteger(amount) && amount >= STORE_CREDITS_MIN;
  return (
    <Card padding="lg" bg="dark.7">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('buyCredits.title')}
        </Title>
        <Text size="sm" c="dark.0">
          {t('buyCredits.text')}
        </Text>
        <SimpleGrid cols={3} spacing="xs" role="group" aria-label={t('buyCredits.quick')}>
          {STORE_QUICK_AMOUNTS.map((quick) => (
            <Button
              key={quick}
              variant={amount === quick ? 'filled' : 'default'}
              onClick={() => setAmount(quick)}
              aria-pressed={amount === quick}
            >
              {format.whole(quick)}
            </Button>
          ))}
        </SimpleGrid>
        {/* The end labels (and the value label at 5,000) are centred on the track's ends: the padding keeps
            them inside the card in every language. */}
        <Box px="lg">
          <Slider
            min={STORE_CREDITS_MIN}
            max={STORE_CREDITS_MAX}
            step={STORE_CREDITS_STEP}
            value={
              typeof amount === 'number'
                ? Math.min(Math.max(amount, STORE_CREDITS_MIN), STORE_CREDITS_MAX)
                : STORE_CREDITS_MIN
            }
            onChange={setAmount}
            label={(value) => format.whole(value)}
            thumbLabel={t('buyCredits.slider')}
            marks={[
              { value: STORE_CREDITS_MIN, label: format.whole(STORE_CREDITS_MIN) },
              { value: STORE_CREDITS_MAX, label: format.whole(STORE_CREDITS_MAX) },
            ]}
            mb="md"
          />
        </Box>
        <NumberInput
          label={t('buyCredits.amount')}
          value={amount}
          onChange={(value) =>
            setAmount(typeof value === 'number' ? value : value === '' ? '' : Number(value))
          }
          min={STORE_CREDITS_MIN}
          allowDecimal={false}
          allowNegative={false}
          error={amount !== '' && !valid ? t('buyCredits.min', { min: STORE_CREDITS_MIN }) : undefined}
        />
        <Group justify="space-between">
          <Text size="sm" c="dark.0">
            {valid
              ? t('buyCredits.worth', { price: format.eur(centsToEur(eurPrice(creditsToUnits(amount)))) })
              : ''}
          </Text>
          <Button disabled={!valid} onClick={() => valid && onBuy(amount)}>
            {t('buyCredits.buy')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
