import '@/app/app-styles';
import { useParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password/{token}: a new password by the mailed link (product.md "Screens and routes"). */
export default function ResetPasswordRoute() {
  const { token } = useParams();
  return <ResetPasswordForm key={token} token={token} />;
}
