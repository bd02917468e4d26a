/** The answers the dashboard's first view needs, carried in its server-rendered HTML (decision 091). */
import { unitsToCredits } from '@falkenhost/contracts/money';
import type { SeededQuery } from '@falkenhost/contracts/ssr';
import { referrerOf } from '../billing/referrals';
import { findUserById } from '../identity/user-account';
import type { AppContext } from '../platform/context';
import { serverCountOf } from '../servers/server-socket';

/**
 * What the dashboard asks for first (the top bar's balance; the home section's referrer, server count
 * and links), under the client's query keys: in the server's HTML, and no request from the browser
 * as it starts, nor a page drawn again when each answer came (decision 091).
 * @returns the seeded queries, the balance in credits
 * @throws Kysely's NoResultError when no user has `userId`
 */
export async function dashboardQueries(ctx: AppContext, userId: number): Promise<SeededQuery[]> {
  const [user, referrer, serverCount] = await Promise.all([
    findUserById(ctx.db, userId),
    referrerOf(ctx.db, userId),
    serverCountOf(ctx, userId),
  ]);
  return [
    [['credits'], unitsToCredits(user.credits)],
    [['store', 'referrer'], referrer],
    [['server-count'], serverCount],
    [['public', 'links'], ctx.config.links],
  ];
}
