import { DASHBOARD_SECTIONS, type DashboardSection } from '@falkenhost/contracts/constants';
import { DASHBOARD_SECTION_COOKIE } from '@falkenhost/contracts/ssr';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { usePageFacts } from '@/lib/page-facts';

const KEY = 'falkenhost.dashboardSection';

/** Remembers `section` for the tab (sessionStorage) and, for the server's next render, in a session cookie. */
function remember(section: string): void {
  sessionStorage.setItem(KEY, section);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie the server reads; the Cookie Store API is not in every browser
  document.cookie = `${DASHBOARD_SECTION_COOKIE}=${encodeURIComponent(section)}; Path=/dashboard; SameSite=Lax${secure}`;
}

/**
 * The active dashboard section, remembered for the browser session (sessionStorage), default home
 * (product.md "Dashboard shell"). An unknown stored value is kept as is so the shell can say
 * 'Choose a section'. The first render is the server's: home when the server drew it (its cookie said
 * home, PageFacts.dashboardSection), else null (the loading state); the tab's own choice follows after the
 * first commit, in a transition, so the section's first render is drawn in slices.
 * @param start a section to open instead of the remembered one, asked once after the first render
 */
export function useActiveSection(start?: () => DashboardSection | undefined) {
  const facts = usePageFacts();
  const [section, setSectionState] = useState<string | null>(facts?.dashboardSection ?? null);
  const startRef = useRef(start);
  useEffect(() => {
    const first = startRef.current?.();
    const chosen = first ?? sessionStorage.getItem(KEY) ?? 'home';
    remember(chosen);
    startTransition(() => setSectionState(chosen));
  }, []);
  const setSection = useCallback((next: DashboardSection) => {
    remember(next);
    setSectionState(next);
  }, []);
  return [section, setSection] as const;
}

export function isSection(value: string): value is DashboardSection {
  return (DASHBOARD_SECTIONS as readonly string[]).includes(value);
}
