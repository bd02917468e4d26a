import '@/app/app-styles';
import { useParams } from 'react-router';
import { UpdateUserConfirm } from '@/features/settings/components/update-user-confirm';

/** /update-user/{token}: the e-mail (or username) change confirmation (product.md "Screens and routes"). */
export default function UpdateUserRoute() {
  const { token } = useParams();
  return <UpdateUserConfirm key={token} token={token} />;
}
