import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The one password input of the auth screens: Mantine's eye button is named in English ('Toggle password
 * visibility') unless told otherwise, so every use here names it in the page's language.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }} />
  );
}
