import type { OwnedServer } from '@falkenhost/contracts/servers';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EggVariableInputs } from '@/components/egg-variable-inputs';
import { useGameSettings } from '../hooks/use-game-settings';
import { changedValues, fieldPath } from '../utils/game-settings';

/**
 * The server's game settings (issue 28 point 3): the egg variables its order asked the customer for
 * (FiveM's licence key), editable with the order dialog's checks and messages; Save sends the changed
 * ones. Toasts last TOAST_MS (product.md "Screens and routes": 5 s on the servers page). Nothing is shown for
 * a game that asks for none; the panel draws its own divider above it.
 */
export function GameSettingsPanel({ server }: { server: OwnedServer }) {
  const { t } = useTranslation('servers');
  const id = server.user_package_id;
  const { variables, fields, form, values, changed, valid, shownErrors, save, submit } = useGameSettings(id);

  if (variables.isPending || (variables.isSuccess && fields.length === 0)) return null;

  // Setting a value clears that field's error (useForm's clearInputErrorOnChange).
  const change = (key: string, value: string) =>
    form.setFieldValue(fieldPath(key) as 'edits', value as never);

  return (
    <>
      <Divider />
      <Stack gap="sm" data-testid="game-settings-panel">
        <Title order={3} fz="md">
          {t('gameSettings.title')}
        </Title>
        {variables.isError ? (
          <Text size="sm" c="red.4" role="alert">
            {t('details.listError')}
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={form.onSubmit((current) => {
              const variablesToSave = changedValues(fields, current);
              if (Object.keys(variablesToSave).length > 0) void submit(variablesToSave);
            })}
          >
            <Stack gap="sm">
              <Text size="sm" c="dark.0">
                {t('gameSettings.text')}
              </Text>
              <EggVariableInputs
                fields={fields}
                values={values}
                onChange={change}
                serverErrors={shownErrors}
                disabled={save.isPending}
                testId="game-setting"
              />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  disabled={Object.keys(changed).length === 0 || !valid}
                  loading={save.isPending}
                  data-testid="game-settings-save"
                >
                  {t('gameSettings.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </>
  );
}
