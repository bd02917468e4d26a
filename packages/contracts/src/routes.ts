/**
 * The web client's pages, the one list both apps read: the client's router matches these paths
 * (apps/web/src/app/router.tsx) and the server answers each with its HTML (apps/api/src/site/index.ts).
 * Paths in React Router's syntax: `:name` a segment, `:name?` an optional last segment.
 */
export const PAGES = {
  home: '/',
  hosting: '/hosting',
  game: '/game/:gameId',
  partners: '/partners',
  contact: '/contact',
  login: '/login',
  register: '/register',
  emailCode: '/email/:type',
  password: '/password',
  resetPassword: '/reset-password/:token?',
  updateUser: '/update-user/:token?',
  /** the demo's captured mail (the server serves it in demo mode only) */
  mailbox: '/dev/mailbox',
  dashboard: '/dashboard',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/** The public pages without catalogue data, indexed (the sitemap lists them with every game's page). */
export const PUBLIC_PAGES: readonly PagePath[] = [PAGES.home, PAGES.hosting, PAGES.partners, PAGES.contact];

/**
 * The pages of the app that have no public text: the server answers them with the app's empty shell,
 * not indexed. The mailbox is added in demo mode.
 */
export const APP_SHELL_PAGES: readonly PagePath[] = [
  PAGES.login,
  PAGES.register,
  PAGES.password,
  PAGES.resetPassword,
  PAGES.emailCode,
  PAGES.updateUser,
  PAGES.dashboard,
];
