import { Button, Card, Group, Stack, Text, TextInput, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AfterHydration } from '@/components/after-hydration';
import { IconCopy } from '@/components/icons';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { notify } from '@/lib/notify';
import { useReferrer } from '@/lib/referrer';
import { useSession } from '@/lib/session';
import { referrerKey, setReferrer } from '../api/referral';
import { referralErrorKey } from '../utils/referral-errors';

/**
 * Referral card (product.md "Dashboard home", "States and transitions", "Validation rules",
 * "Error catalogue"): the user's own username to pass on, copied on click with a success toast; a field and a
 * button to set one's referrer, both locked (showing the referrer) once one exists. No check in the browser
 * before the call (product.md "Validation rules": the form has no validation rules); the answer's error shows
 * under the field.
 */
export function ReferralCard() {
  const { t } = useTranslation('home');
  const queryClient = useQueryClient();
  const { data: user } = useSession();
  const referrer = useReferrer();
  const form = useForm({ initialValues: { referrer: '' } });
  const locked = referrer.data ?? null;

  const copy = async () => {
    if (!user) return;
    try {
      await navigator.clipboard.writeText(user.username);
      notify('success', t('referral.copiedTitle'), t('referral.copied', { username: user.username }));
    } catch {
      notify('error', t('referral.errorTitle'), t('referral.copyFailed'));
    }
  };

  const submit = useThrottledAction(async ({ referrer: value }: { referrer: string }) => {
    const answer = await setReferrer(value);
    if (answer.ok && answer.data) {
      queryClient.setQueryData(referrerKey, answer.data.referrer);
      form.reset();
      notify('success', t('referral.addedTitle'), t('referral.added', { username: answer.data.referrer }));
      return;
    }
    form.setFieldError('referrer', t(referralErrorKey(answer)));
    if (answer.status === 400) void queryClient.invalidateQueries({ queryKey: referrerKey });
  });

  return (
    <Card
      padding="lg"
      bg="dark.7"
      component="section"
      aria-labelledby="referral-title"
      data-testid="referral-card"
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3" id="referral-title">
            {t('referral.title')}
          </Title>
          <Text size="sm" c="dark.0">
            {t('referral.text')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('referral.yourName')}
          </Text>
          <AfterHydration wrap={(button) => <Tooltip label={t('referral.copyHint')}>{button}</Tooltip>}>
            <UnstyledButton
              onClick={() => void copy()}
              aria-label={t('referral.copyLabel', { username: user?.username ?? '' })}
              data-testid="referral-username"
            >
              <Group gap={6}>
                <Text ff="monospace" fw={700} c="falken.3">
                  {user?.username ?? ''}
                </Text>
                <IconCopy size={14} />
              </Group>
            </UnstyledButton>
          </AfterHydration>
        </Stack>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            if (!locked) void submit.run(values);
          })}
        >
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('referral.label')}
              description={locked ? t('referral.locked') : t('referral.hint')}
              {...form.getInputProps('referrer')}
              value={locked ?? form.values.referrer}
              disabled={locked !== null || referrer.isPending}
              style={{ flex: '1 1 220px' }}
              data-testid="referral-input"
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 44 }}
              loading={submit.busy}
              disabled={locked !== null || referrer.isPending}
              data-testid="referral-submit"
            >
              {t('referral.submit')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
