import '@/app/app-styles';
import { useParams } from 'react-router';
import { CodeForm } from '@/features/auth/components/code-form';

/** /email/{type}; the EmailGuard has already sent any other type to /login. */
export default function EmailCodeRoute() {
  const { type } = useParams();
  return <CodeForm key={type} type={type === '2fa' ? '2fa' : 'verify'} />;
}
