import type { UpdateUserExecuteAnswer } from '@falkenhost/contracts/account';
import { Alert, Button, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiResult } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { reloadSession, useSession } from '@/lib/session';
import { executeUserUpdate, profileKey } from '../api/account';
import { confirmPageError } from '../utils/errors';

/**
 * One confirmation per token and page load: React's development double effects and a re-render share
 * the same call (the token is spent by the first).
 */
const calls = new Map<string, Promise<ApiResult<UpdateUserExecuteAnswer>>>();
function confirmOnce(token: string) {
  let call = calls.get(token);
  if (!call) {
    call = executeUserUpdate(token);
    calls.set(token, call);
  }
  return call;
}

type State =
  | { phase: 'busy' }
  | { phase: 'done'; answer: UpdateUserExecuteAnswer }
  | { phase: 'failed'; answer: ApiResult<UpdateUserExecuteAnswer> | null };

/**
 * /update-user/{token} (product.md "Sign-up and login pages", "Error catalogue" ("E-mail change page")):
 * confirms the change on load; shows success or the invalid-token message, and a back-to-home button. It
 * works without a login (the link may be opened on another device); a logged-in user's session is read again
 * after a success.
 */
export function UpdateUserConfirm({ token }: { token: string | undefined }) {
  const { t } = useTranslation('settings');
  const { data: user } = useSession();
  const [state, setState] = useState<State>({ phase: 'busy' });

  useEffect(() => {
    if (!token) {
      setState({ phase: 'failed', answer: null });
      return;
    }
    let live = true;
    void confirmOnce(token).then((answer) => {
      if (!live) return;
      setState(
        answer.ok && answer.data ? { phase: 'done', answer: answer.data } : { phase: 'failed', answer },
      );
    });
    return () => {
      live = false;
    };
  }, [token]);

  const loggedIn = !!user;
  useEffect(() => {
    if (state.phase !== 'done') return;
    void queryClient.invalidateQueries({ queryKey: profileKey });
    if (loggedIn) void reloadSession();
  }, [state.phase, loggedIn]);

  const failure = state.phase === 'failed' ? confirmPageError(state.answer) : null;
  // The title names what changed once the answer says it; before that (and on a failure) it is neutral.
  const titleKey =
    state.phase !== 'done'
      ? 'confirm.title'
      : state.answer.usernameChanged && state.answer.emailChanged
        ? 'confirm.titleBoth'
        : state.answer.usernameChanged
          ? 'confirm.titleUsername'
          : 'confirm.titleEmail';

  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <Card padding="xl" bg="dark.7" shadow="xl" style={{ boxShadow: 'var(--fh-glow)' }}>
        <Stack gap="lg">
          <Title order={1} fz={28} data-testid="update-user-title">
            {t(titleKey)}
          </Title>
          {state.phase === 'busy' && (
            <Stack align="center" gap="sm" role="status" aria-live="polite">
              <Loader aria-hidden="true" />
              <Text c="dark.0">{t('confirm.busy')}</Text>
            </Stack>
          )}
          {state.phase === 'done' && (
            <Alert color="teal" title={t('confirm.success')} role="status" data-testid="update-user-success">
              {t('confirm.successText', { username: state.answer.username, email: state.answer.email })}
            </Alert>
          )}
          {failure && (
            <Alert color="red" title={t(failure.key)} role="alert" data-testid="update-user-invalid">
              {t(failure.detail ?? 'confirm.invalidText')}
            </Alert>
          )}
          <Button component={Link} to="/" variant={state.phase === 'busy' ? 'default' : 'filled'}>
            {t('confirm.home')}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
