/** The "Billing" part of the settings: invoices and the credit history (GET /api/private/billing/...). */
import type { InvoiceRow, LedgerAnswer } from '@falkenhost/contracts/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';

/** GET invoices: invoices and credit notes, newest first. */
export function useInvoices() {
  // Descriptions come in the page's language (Accept-Language): asked again when it changes.
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['billing', 'invoices', i18n.resolvedLanguage ?? i18n.language],
    queryFn: async () => unwrap(await api.get<InvoiceRow[]>('/api/private/billing/invoices')),
  });
}

/** GET ledger?page=N (1-based, LEDGER_PAGE_SIZE rows a page, newest first); the last page stays shown while the next loads. */
export function useLedger(page: number) {
  return useQuery({
    queryKey: ['billing', 'ledger', page],
    queryFn: async () => unwrap(await api.get<LedgerAnswer>(`/api/private/billing/ledger?page=${page}`)),
    placeholderData: keepPreviousData,
  });
}
