import { DASHBOARD_SECTIONS, type DashboardSection } from '@falkenhost/contracts/constants';
import { useCallback, useState } from 'react';

const KEY = 'falkenhost.dashboardSection';

/**
 * The active dashboard section, remembered for the browser session (sessionStorage), default home
 * (spec 2 "Dashboard shell"). An unknown stored value is kept as is so the shell can say
 * 'Choose a section'.
 */
export function useActiveSection(start?: DashboardSection) {
  const [section, setSectionState] = useState<string>(() => {
    if (start) {
      sessionStorage.setItem(KEY, start);
      return start;
    }
    return sessionStorage.getItem(KEY) ?? 'home';
  });
  const setSection = useCallback((next: DashboardSection) => {
    sessionStorage.setItem(KEY, next);
    setSectionState(next);
  }, []);
  return [section, setSection] as const;
}

export function isSection(value: string): value is DashboardSection {
  return (DASHBOARD_SECTIONS as readonly string[]).includes(value);
}
