import { ORDER_POPUP_MS } from '@falkenhost/contracts/constants';
import { Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { creditsKey } from '@/lib/credits';
import { useFormatters } from '@/lib/format';
import { useOrderStatus } from '../api/order-status';

interface Props {
  order: string;
  onDone: () => void;
}

/**
 * The order-status popup after a payment (product.md "Screens and routes", "Orders"): completed and ongoing
 * show as completed (completed with the credits added), pending and pending_transaction as pending,
 * then canceled and failed. It closes itself after ORDER_POPUP_MS.
 */
export function OrderStatusPopup({ order, onDone }: Props) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useOrderStatus(order);

  useEffect(() => {
    const timer = window.setTimeout(onDone, ORDER_POPUP_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);

  // Whatever the popup saw, the balance is read again when it closes.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: creditsKey }), [queryClient]);

  // A completed credit order changed the balance and a server order the server list.
  useEffect(() => {
    if (data?.status === 'completed' || data?.status === 'ongoing') void queryClient.invalidateQueries();
  }, [data?.status, queryClient]);

  let tone: { color: string; title: string; text: string };
  if (isPending) tone = { color: 'gray', title: t('order.checking'), text: '' };
  else if (isError || !data)
    tone = { color: 'red', title: t('order.notFound'), text: t('order.notFoundText') };
  // An order paid from the balance had no payment to complete (issue 30).
  else if (data.status === 'completed' && data.paid_with === 'credits')
    tone = { color: 'teal', title: t('order.creditsOrderDone'), text: t('order.creditsOrderDoneText') };
  else if (data.status === 'completed' || data.status === 'ongoing')
    tone = {
      color: 'teal',
      title: t('order.completed'),
      text:
        data.status === 'completed' && data.credits_amount > 0
          ? t('order.creditsAdded', { credits: format.decimal2(data.credits_amount) })
          : t('order.completedText'),
    };
  else if (data.status === 'pending' || data.status === 'pending_transaction')
    tone = { color: 'yellow', title: t('order.pending'), text: t('order.pendingText') };
  else if (data.status === 'canceled')
    tone = { color: 'orange', title: t('order.canceled'), text: t('order.canceledText') };
  else tone = { color: 'red', title: t('order.failed'), text: t('order.failedText') };

  return (
    <Modal
      opened
      onClose={onDone}
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
      title={t('order.title')}
      size="sm"
    >
      <Stack align="center" gap="sm" py="sm" data-testid="order-status" data-status={data?.status ?? ''}>
        {isPending ? (
          <Loader role="status" aria-label={t('order.checking')} />
        ) : (
          <ThemeIcon size={56} radius="xl" color={tone.color} variant="light" aria-hidden="true">
            <Text fz={28} fw={900} component="span">
              {tone.color === 'teal' ? '✓' : tone.color === 'yellow' ? '…' : '!'}
            </Text>
          </ThemeIcon>
        )}
        <Text fw={700} fz="lg" ta="center">
          {tone.title}
        </Text>
        {tone.text && (
          <Text c="dark.0" ta="center" size="sm">
            {tone.text}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
