import '@/app/app-styles';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /password: forgot password (product.md "Screens and routes"). */
export default function PasswordRoute() {
  return <ForgotPasswordForm />;
}
