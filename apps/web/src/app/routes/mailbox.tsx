import '@/app/app-styles';
import { Mailbox } from '@/features/dev-mailbox/components/mailbox';

export default function MailboxRoute() {
  return <Mailbox />;
}
