import { DASHBOARD_SECTIONS, type DashboardSection } from '@falkenhost/contracts/constants';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

const KEY = 'falkenhost.dashboardSection';

/**
 * The active dashboard section, remembered for the browser session (sessionStorage), default home
 * (spec 2 "Dashboard shell"). An unknown stored value is kept as is so the shell can say
 * 'Choose a section'. Null until the first render has been committed: the server renders the shell
 * without a section, and the browser hydrates the same before it reads its storage.
 * @param start a section to open instead of the remembered one, asked once after the first render
 */
export function useActiveSection(start?: () => DashboardSection | undefined) {
  const [section, setSectionState] = useState<string | null>(null);
  const startRef = useRef(start);
  useEffect(() => {
    const first = startRef.current?.();
    if (first) sessionStorage.setItem(KEY, first);
    const remembered = first ?? sessionStorage.getItem(KEY) ?? 'home';
    // In a transition: the section's first render is drawn in slices, not as one long task while a phone
    // is still taking the page over.
    startTransition(() => setSectionState(remembered));
  }, []);
  const setSection = useCallback((next: DashboardSection) => {
    sessionStorage.setItem(KEY, next);
    setSectionState(next);
  }, []);
  return [section, setSection] as const;
}

export function isSection(value: string): value is DashboardSection {
  return (DASHBOARD_SECTIONS as readonly string[]).includes(value);
}
