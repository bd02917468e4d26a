import '@/app/app-styles';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /password: forgot password (spec 2). */
export default function PasswordRoute() {
  return <ForgotPasswordForm />;
}
