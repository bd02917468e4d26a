/**
 * GET /api/public/links: the dashboard home's external links (product.md "Dashboard home": website, chat
 * community, social page and the game panel), from configuration (LINK_*; README "Configuration").
 * A link that is not configured is null and not shown.
 */
import { z } from 'zod';

export const externalLinks = z.object({
  website: z.string().nullable(),
  community: z.string().nullable(),
  social: z.string().nullable(),
  panel: z.string().nullable(),
});
export type ExternalLinks = z.infer<typeof externalLinks>;
