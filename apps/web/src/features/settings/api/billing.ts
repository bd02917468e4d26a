/**
 * The "Billing" part of the settings: invoices, the credit history and auto top-up
 * (/api/private/billing/...).
 */
import type { AutoTopUpAnswer, AutoTopUpBody, InvoiceRow, LedgerAnswer } from '@falkenhost/contracts/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';

/**
 * The page's language: the API writes descriptions in the Accept-Language the api-client sends, so the
 * lists are kept per language and asked for again when the language changes.
 */
function usePageLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** GET invoices: invoices and credit notes, newest first. */
export function useInvoices() {
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['billing', 'invoices', language],
    queryFn: async () => unwrap(await api.get<InvoiceRow[]>('/api/private/billing/invoices')),
  });
}

/** GET ledger?page=N (1-based, LEDGER_PAGE_SIZE rows a page, newest first); the last page stays shown while the next loads. */
export function useLedger(page: number) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: ['billing', 'ledger', page, language],
    queryFn: async () => unwrap(await api.get<LedgerAnswer>(`/api/private/billing/ledger?page=${page}`)),
    placeholderData: keepPreviousData,
  });
}

/** The auto top-up query's key; the PUT's answer is written into it. */
export const autoTopUpKey = ['billing', 'auto-top-up'] as const;

/** GET auto-top-up: the customer's settings, the price of one top-up and this month's spending. */
export function useAutoTopUp() {
  return useQuery({
    queryKey: autoTopUpKey,
    queryFn: async () => unwrap(await api.get<AutoTopUpAnswer>('/api/private/billing/auto-top-up')),
  });
}

/**
 * PUT auto-top-up {enabled, threshold, amount, monthlyCap}: answers the settings as saved, with
 * `checkoutUrl` when the first payment must make the card mandate; a 400 names the field.
 */
export const saveAutoTopUp = (body: AutoTopUpBody) =>
  api.put<AutoTopUpAnswer>('/api/private/billing/auto-top-up', body);
