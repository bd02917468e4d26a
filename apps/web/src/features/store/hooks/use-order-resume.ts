import { ORDER_RESUME, type StorePackage } from '@falkenhost/contracts/store';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/lib/session';
import { clearOrderDraft, type OrderDraft, readOrderDraft, saveOrderDraft } from '../utils/order-draft';

/** A refused order being resumed: its package once the list has it, and the draft to fill it with. */
export interface ResumedOrder {
  pkg: StorePackage;
  draft: OrderDraft;
}

/**
 * The way back to an order refused for too few credits (decision 430). `keep` stores the overview's
 * choices for this customer before the missing credits are bought; the checkout returns with
 * `?resume=order`, and then `resumeWith` reopens the overview with the draft once the draft's game's
 * packages are loaded; a credit dialog cancelled reopens it at once. The draft is forgotten once restored.
 * The checkout's return also names the credit order (`?order=`): its status popup is shown first, and the
 * order reopens once it has closed, never two dialogs at once.
 * @returns `draft` (the one to restore on this visit, or null), `keep`, `cancelled` (the credit dialog
 *   closed without an order: reopen from the draft), `resumeWith(packages)` (the order to reopen, or
 *   null) and `resumed` / `setResumed` (the reopened order, shown by the store)
 */
export function useOrderResume() {
  const { data: user } = useSession();
  const userId = user?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<OrderDraft | null>(() =>
    params.get('resume') === ORDER_RESUME && userId ? readOrderDraft(userId) : null,
  );
  const [resumed, setResumed] = useState<ResumedOrder | null>(null);

  const keep = useCallback((next: OrderDraft) => saveOrderDraft(userId, next), [userId]);
  /** The credit dialog closed without an order: the overview comes back with `order`'s choices. */
  const cancelled = useCallback(
    (order: ResumedOrder) => {
      clearOrderDraft(userId);
      setResumed(order);
    },
    [userId],
  );

  const resumeWith = useCallback(
    (packages: StorePackage[]) => {
      // Only the draft's own game can reopen it (the address may still name another one), and only once
      // the payment's status popup has closed: it writes the address too (dashboard-shell.tsx).
      if (!draft || packages[0]?.game_id !== draft.gameId || params.has('order')) return;
      const pkg = packages.find((candidate) => candidate.id === draft.packageId);
      clearOrderDraft(userId);
      setDraft(null);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('resume');
          return next;
        },
        { replace: true },
      );
      // A package no longer offered: nothing to reopen, the store shows its game.
      if (pkg) setResumed({ pkg, draft });
    },
    [draft, userId, params, setParams],
  );

  return { draft, keep, cancelled, resumeWith, resumed, setResumed };
}
