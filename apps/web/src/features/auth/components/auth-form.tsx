import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Props {
  /** runs on submit (the browser's own validation and submission are off) */
  onSubmit: () => void;
  /** i18n key (namespace auth) of the error to show above the button, or null */
  error: string | null;
  busy: boolean;
  submitLabel: string;
  gap?: 'sm' | 'md';
  /** the fields */
  children: ReactNode;
  /** below the button: links and notes */
  after?: ReactNode;
}

/** The form of every auth screen: its fields, the error alert, the submit button, then links. */
export function AuthForm({ onSubmit, error, busy, submitLabel, gap = 'md', children, after }: Props) {
  const { t } = useTranslation('auth');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>
        {children}
        {error && (
          <Alert color="red" role="alert" title={t('errors.title')}>
            {t(error)}
          </Alert>
        )}
        {/* A long label (fr "Enregistrer le nouveau mot de passe") wraps instead of being cut. */}
        <Button
          type="submit"
          loading={busy}
          fullWidth
          size="md"
          h="auto"
          mih={42}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  );
}

/** 'No account yet? Register' and the like: a line of text with a link to the other auth screen. */
export function AuthSwitch({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <Text size="sm" ta="center" c="dark.0">
      {text}{' '}
      <Anchor component={Link} to={to} c="falken.3" underline="always">
        {link}
      </Anchor>
    </Text>
  );
}
