import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import type { ApiResult } from '@/lib/api-client';
import { openConfirm } from '@/lib/confirm';
import { deleteErrorKey } from '../utils/errors';
import { useStoreChange } from './use-store-change';

/** A store administration tab: the i18n section of its texts and the prefix of its test ids. */
export type StoreSection = 'games' | 'packages' | 'addons' | 'discounts';

/** How a tab deletes one of its rows. */
export interface DeleteRow<Row> {
  /** sends the delete */
  request: (row: Row) => Promise<ApiResult<unknown>>;
  /** the record kind, for the error toast */
  entity: Parameters<typeof deleteErrorKey>[1];
  /** the values of the confirm's title and text (the row's name or code) */
  values: (row: Row) => Record<string, string>;
}

/**
 * A store row's delete, asked first: the red confirm of `${section}.deleteTitle` and `.deleteText`, then
 * the delete with its toasts (`${section}.toast.deleted` or the delete error) and the lists refetched.
 * @returns the function that asks about one row
 */
export function useConfirmedDelete<Row>(section: StoreSection, { request, entity, values }: DeleteRow<Row>) {
  const { t } = useTranslation('admin');
  const change = useStoreChange();
  const remove = useThrottledAction(async (row: Row) => {
    await change(request(row), (answer) => deleteErrorKey(answer, entity), `${section}.toast.deleted`);
  });
  return (row: Row) =>
    openConfirm({
      title: t(`${section}.deleteTitle`, values(row)),
      children: <Text size="sm">{t(`${section}.deleteText`, values(row))}</Text>,
      labels: { confirm: t('actions.delete'), cancel: t('actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void remove.run(row),
    });
}
