import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';

/** The public pages' frame: skip link, header, the page, footer (in the provider's one Suspense boundary). */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="fh-skip-link">
        {t('nav.skip')}
      </a>
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
