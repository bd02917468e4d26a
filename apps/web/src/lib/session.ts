/**
 * The session user (product.md "Entities and fields", "States and transitions"): restored on load with GET
 * /api/auth/me, refreshed every 15 minutes, cleared on logout or when a private call stays 401. Shared by the
 * guards, the header, the auth screens and the dashboard shell.
 *
 * A tiny external store rather than a TanStack query: the home page needs the session for its header
 * but must stay within its JavaScript budget, so TanStack Query loads only with the other pages.
 */
import type { SessionUser } from '@falkenhost/contracts/auth';
import { SESSION_REFRESH_MS } from '@falkenhost/contracts/constants';
import { afterLoginRoute, nextRouteFor } from '@falkenhost/contracts/routes';
import type { PageFacts } from '@falkenhost/contracts/ssr';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { api, refreshSession } from './api-client';
import { pageFactsOfDocument, usePageFacts } from './page-facts';

export { afterLoginRoute, nextRouteFor };

export interface SessionState {
  /** true until the first GET /api/auth/me has answered */
  isPending: boolean;
  /** the user, null when logged out */
  data: SessionUser | null;
}

/** The session as the server rendered the page with it: known (a user or null), or pending. */
function stateOf(facts: PageFacts | undefined): SessionState {
  return facts?.session === undefined
    ? { isPending: true, data: null }
    : { isPending: false, data: facts.session };
}

// The browser starts from what the server knew, and hydrates with it (useSession's server snapshot).
const renderedState = stateOf(pageFactsOfDocument());
let state: SessionState = renderedState;
const listeners = new Set<() => void>();
let loading: Promise<void> | undefined;

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether a session may exist: the server sets the readable `fh_session` hint cookie with the session
 * cookies and clears it with them (apps/api/src/identity/sessions.ts). Without it an anonymous visitor's
 * page does not ask /api/auth/me, which would answer 401 (an error in the browser's console). The hint
 * grants nothing; the server checks the signed session on every call.
 */
export function mayHaveSession(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)fh_session=/.test(document.cookie);
}

/** GET /api/auth/me (a 401 first tries the refresh token once); null when not logged in. */
export async function fetchSession(): Promise<SessionUser | null> {
  if (!mayHaveSession()) return null;
  const result = await api.get<SessionUser>('/api/auth/me', { refresh: true });
  return result.ok && result.data ? result.data : null;
}

/** Loads the session once (on start), unless the server already knew it; later calls reuse the same request. */
export function loadSession(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  loading ??= renderedState.isPending
    ? fetchSession().then((user) => emit({ isPending: false, data: user }))
    : Promise.resolve();
  return loading;
}

/** Re-reads the session from the server (after a code was accepted, for example). */
export async function reloadSession(): Promise<SessionUser | null> {
  const user = await fetchSession();
  emit({ isPending: false, data: user });
  return user;
}

export function useSession(): SessionState {
  useEffect(() => {
    void loadSession();
  }, []);
  // On the server each render has its own facts; the browser hydrates with the very state object it
  // started from: an equal but new one made React render the whole page again, at once, after hydrating.
  const facts = usePageFacts();
  const serverState = useMemo(
    () => (facts && facts !== pageFactsOfDocument() ? stateOf(facts) : renderedState),
    [facts],
  );
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

export function setSession(user: SessionUser | null): void {
  emit({ isPending: false, data: user });
}

/**
 * A user who may open the dashboard: verified e-mail and 2FA passed (product.md "Screens and routes" guards).
 */
export function isFullyLoggedIn(user: SessionUser | null | undefined): user is SessionUser {
  return !!user && user.email_verified && user.authenticated;
}

/** POST /api/auth/logout, then forgets the user. */
export async function logout(): Promise<void> {
  await api.post('/api/auth/logout', {}, { refresh: false });
  setSession(null);
}

/** Refreshes the session every SESSION_REFRESH_MS while logged in (product.md "States and transitions"). */
export function useSessionRefresh(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    const timer = window.setInterval(() => {
      void refreshSession().then((ok) => {
        if (!ok) setSession(null);
      });
    }, SESSION_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn]);
}
