import type { Role } from '@falkenhost/contracts/constants';
import type { User } from '../platform/db/schema';

/** product.md "Roles and permissions": any role value other than admin or master is a customer. */
export function roleOf(user: Pick<User, 'role'>): Role {
  return user.role === 'admin' || user.role === 'master' ? user.role : 'customer';
}
