import { SETTINGS_NOTICE_MS } from '@falkenhost/contracts/account';
import { Alert, Button, Code, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCopy } from '@/components/icons';
import { useNotice } from '@/hooks/use-notice';

/** The recovery codes, shown once: copy all, download as a text file, then done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const text = `${t('codes.fileHeading')}\n\n${codes.join('\n')}\n`;
  const toast = useNotice('security', SETTINGS_NOTICE_MS);

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'falkenhost-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={t('codes.title')}>
        {t('codes.text')}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" data-testid="totp-recovery-codes">
        {codes.map((code) => (
          <Code key={code} ta="center" fz="sm">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconCopy size={14} />}
          onClick={() =>
            void navigator.clipboard
              .writeText(text)
              .then(() => toast('success', 'toast.copied'))
              .catch(() => toast('error', 'errors.copy'))
          }
        >
          {t('actions.copy')}
        </Button>
        <Button variant="default" onClick={download}>
          {t('actions.download')}
        </Button>
        <Button onClick={onDone} data-testid="totp-codes-done">
          {t('codes.done')}
        </Button>
      </Group>
    </Stack>
  );
}
