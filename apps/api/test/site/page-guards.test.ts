/**
 * The spec's page guards on the server (product.md "Routes and guards"; contracts routes.ts guardRedirect;
 * site/page-guards.ts): a logged-in user asking for /login or /register is sent on, /dashboard needs a
 * session, /email/{type} takes 2fa or verify. The dashboard shell is rendered for its user; the cookie notice
 * follows its cookie; the pages carry no inline script but the hashed start script; public pages are rendered
 * once per variant.
 */
import { createHash } from 'node:crypto';
import type { CompanyAnswer } from '@falkenhost/contracts/site';
import deSettings from '@falkenhost/locales/de/settings.json';
import enAuth from '@falkenhost/locales/en/auth.json';
import enCommon from '@falkenhost/locales/en/common.json';
import enDashboard from '@falkenhost/locales/en/dashboard.json';
import enServers from '@falkenhost/locales/en/servers.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  captchaToken,
  type Product,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
} from '../harness';
import { attributes, inlineScripts, pageFacts, raw, visibleText } from './page-html';

describe('the page guards and the session on the server', () => {
  let product: Product;
  let customer: { session: Session; username: string; email: string };
  beforeAll(async () => {
    product = await startProduct('sqlite');
    customer = await registerVerified(product);
  });
  afterAll(async () => product?.close());

  /** GET `path` as `session` (its cookies), without following a redirect. */
  const page = (path: string, session?: Session, headers: Record<string, string> = {}) =>
    raw(`${product.url}${path}`, session ? { ...headers, cookie: session.cookieHeader() } : headers);

  /** A registered user whose e-mail is not verified yet (logged in by the registration). */
  const unverified = async () => {
    const session = product.session();
    const name = uniqueName('unverified');
    const res = await session.post('/api/auth/register', {
      username: name,
      firstName: 'Test',
      lastName: 'User',
      email: `${name.toLowerCase()}@example.com`,
      password: 'secret123',
      news_subscription: false,
      captchaToken: await captchaToken(session),
    });
    expect(res.status).toBe(201);
    return session;
  };

  /** A verified user with e-mail 2FA on, past the password but not the code. */
  const pending2fa = async () => {
    const { email, username } = await registerVerified(product);
    await product.server.ctx.db
      .updateTable('users')
      .set({ two_factor_auth: 1 })
      .where('username', '=', username)
      .execute();
    const session = product.session();
    const login = await session.post('/api/auth/login', {
      email,
      password: 'secret123',
      captchaToken: await captchaToken(session),
    });
    expect(login.body).toMatchObject({ authenticated: false });
    return session;
  };

  it('sends a logged-in user asking for /login or /register on to the dashboard, or to the code still owed', async () => {
    for (const path of ['/login', '/register', '/login?lng=de']) {
      const answer = await page(path, customer.session);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toBe('/dashboard');
    }
    const notVerified = await unverified();
    for (const path of ['/login', '/register', '/dashboard']) {
      const answer = await page(path, notVerified);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toBe('/email/verify');
    }
    expect((await page('/email/verify', notVerified)).status).toBe(200);
    const owesCode = await pending2fa();
    for (const path of ['/login', '/register', '/dashboard']) {
      const answer = await page(path, owesCode);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toBe('/email/2fa');
    }
    // The address asked for goes along, so the code leads back to it (decision 432).
    const asked = await page('/dashboard/servers', owesCode);
    expect(asked.headers.location).toBe('/email/2fa?next=%2Fdashboard%2Fservers');
    expect((await page('/email/2fa', owesCode)).status).toBe(200);
    // A user who owes nothing has no code page to see.
    expect((await page('/email/verify', customer.session)).headers.location).toBe('/dashboard');
  });

  it("renders the code pages for the user who owes the code: the form's title and button in the HTML", async () => {
    const notVerified = await unverified();
    const verify = (await page('/email/verify', notVerified)).body.toString('utf8');
    expect(visibleText(verify)).toContain(enAuth.code.titleVerify);
    expect(visibleText(verify)).toContain(enAuth.code.submit);
    const owesCode = await pending2fa();
    const twoFactor = (await page('/email/2fa', owesCode)).body.toString('utf8');
    expect(visibleText(twoFactor)).toContain(enAuth.code.title2fa);
    expect(pageFacts(twoFactor).session).toMatchObject({ authenticated: false });
  });

  it('sends a visitor without a session from /dashboard and from /email/… to /login, and any unknown /email/ type too', async () => {
    for (const path of ['/dashboard', '/email/verify', '/email/2fa']) {
      const answer = await page(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toBe('/login');
    }
    // Any other dashboard address is carried to the login as ?next= (decision 432).
    for (const path of [
      '/dashboard/servers',
      '/dashboard/servers/12?renew=12',
      '/dashboard/settings/billing',
    ]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    for (const session of [undefined, customer.session]) {
      const answer = await page('/email/foo', session);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/login');
    }
    // A visitor may log in or register: those pages are rendered, not redirected.
    for (const path of ['/login', '/register']) expect((await page(path)).status, path).toBe(200);
  });

  it('renders /dashboard for its user: the shell with the username, the session in the facts, not indexed', async () => {
    const answer = await page('/dashboard?lng=cs', customer.session);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const html = answer.body.toString('utf8');
    expect(html).toContain('<html lang="cs"');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(visibleText(html)).toContain(customer.username);
    const facts = pageFacts(html);
    expect(facts).toMatchObject({
      language: 'cs',
      session: {
        username: customer.username,
        email: customer.email,
        authenticated: true,
        email_verified: true,
      },
    });
    // What the dashboard asks for first comes with the page: the browser asks nothing as it starts.
    expect(facts.queries).toEqual([
      [['credits'], 0],
      [['store', 'referrer'], null],
      [['server-count'], { count: 0, monthly: 0 }],
      [['public', 'links'], product.server.ctx.config.links],
    ]);
    // Another user's dashboard is theirs: nothing of the first user's is kept for it.
    const other = await registerVerified(product);
    const theirs = (await page('/dashboard', other.session)).body.toString('utf8');
    expect(visibleText(theirs)).toContain(other.username);
    expect(theirs).not.toContain(customer.username);
    expect(pageFacts(theirs).session?.username).toBe(other.username);
  });

  it('renders the section a dashboard address names; an unknown one is the 404 page, an old link moves (decisions 431, 433)', async () => {
    const servers = (await page('/dashboard/servers/12', customer.session)).body.toString('utf8');
    expect(visibleText(servers)).toContain(enServers.subtitle);
    expect(servers).toContain('aria-current="page"');
    const billing = await page('/dashboard/settings/billing?lng=de', customer.session);
    expect(billing.status).toBe(200);
    expect(visibleText(billing.body.toString('utf8'))).toContain(deSettings.subtitle);
    // A customer at a staff address: the shell says 'Choose a section', as for any section not theirs.
    const staff = (await page('/dashboard/staff/users', customer.session)).body.toString('utf8');
    expect(visibleText(staff)).toContain(enDashboard.chooseSection);
    for (const path of ['/dashboard/nope', '/dashboard/servers/abc', '/dashboard/settings/nope']) {
      expect((await page(path, customer.session)).status, path).toBe(404);
      const guest = await page(path);
      expect(guest.status, path).toBe(404);
      expect(visibleText(guest.body.toString('utf8')), path).toContain(enCommon.notFound.title);
    }
    for (const [old, now] of [
      ['/dashboard?order=abc&server=5', '/dashboard/servers/5?order=abc'],
      ['/dashboard?renew=5', '/dashboard/servers/5?renew=5'],
      ['/dashboard?order=abc', '/dashboard/shop?order=abc'],
    ]) {
      const answer = await page(old as string, customer.session);
      expect(answer.status, old).toBe(302);
      expect(answer.headers.location, old).toBe(now);
    }
    // A logged-in user at /login with a next goes there; with a next of another site, to the dashboard.
    expect((await page('/login?next=%2Fdashboard%2Fshop%2F3', customer.session)).headers.location).toBe(
      '/dashboard/shop/3',
    );
    const away = await page(
      `/login?next=${encodeURIComponent('//evil.example/dashboard')}`,
      customer.session,
    );
    expect(away.headers.location).toBe('/dashboard');
  });

  it('renders /login for a visitor with the session known to be absent, and without a session cookie nothing of a user', async () => {
    const html = (await page('/login')).body.toString('utf8');
    expect(pageFacts(html)).toMatchObject({ language: 'en', session: null });
    expect(html).not.toContain(customer.username);
  });

  it('renders /register with its consents linking the documents, whose addresses come in the facts', async () => {
    const html = (await page('/register?lng=de')).body.toString('utf8');
    const [[key, company]] = pageFacts(html).queries as [[unknown[], CompanyAnswer]];
    expect(key).toEqual(['public', 'site', 'company', 'de']);
    const terms = company.documents.find((document) => document.id === 'general-terms');
    expect(terms?.url).toBe('/api/public/site/documents/de/general-terms');
    expect(attributes(html, 'href')).toContain(terms?.url);
  });

  it('shows the cookie notice until its cookie is set, and keeps each variant of a public page apart', async () => {
    const notice = enCommon.cookies.text;
    // The first request without the cookie, then with it, then without again: the cached page varies by it.
    for (const path of ['/', '/hosting', '/partners', '/game/1', '/login', '/no-such-page']) {
      const without = (await page(path)).body.toString('utf8');
      expect(visibleText(without), path).toContain(notice);
      expect(pageFacts(without).cookiesAccepted, path).toBe(false);
      const accepted = await page(path, undefined, { cookie: 'fh_cookies=1' });
      expect(accepted.headers.vary, path).toContain('Cookie');
      const withCookie = accepted.body.toString('utf8');
      expect(visibleText(withCookie), path).not.toContain(notice);
      expect(pageFacts(withCookie).cookiesAccepted, path).toBe(true);
      expect(visibleText((await page(path)).body.toString('utf8')), path).toContain(notice);
    }
    // The dashboard, rendered for its user, follows the cookie too.
    const dashboard = await page('/dashboard', customer.session);
    expect(visibleText(dashboard.body.toString('utf8'))).toContain(notice);
    const session = customer.session.cookieHeader();
    const dashboardAccepted = await raw(`${product.url}/dashboard`, { cookie: `${session}; fh_cookies=1` });
    expect(visibleText(dashboardAccepted.body.toString('utf8'))).not.toContain(notice);
  });

  it("carries no inline script but the start script the CSP allows by its hash (React's streaming scripts would be refused)", async () => {
    const asked: [string, Session?][] = [
      ['/'],
      ['/hosting?lng=fr'],
      ['/game/1'],
      ['/partners'],
      ['/contact'],
      ['/login'],
      ['/register?lng=cs'],
      ['/password'],
      ['/reset-password/abc'],
      ['/no-such-page'],
      ['/dashboard', customer.session],
    ];
    for (const [path, session] of asked) {
      const answer = await page(path, session);
      expect(answer.status, path).toBeLessThan(500);
      const html = answer.body.toString('utf8');
      const scripts = inlineScripts(html);
      expect(scripts, path).toHaveLength(1);
      const hash = createHash('sha256')
        .update(scripts[0] ?? '')
        .digest('base64');
      const csp = String(answer.headers['content-security-policy']);
      expect(csp, path).toContain(`'sha256-${hash}'`);
      expect(csp, path).not.toContain("'unsafe-inline' 'self'");
      expect(/script-src[^;]*'unsafe-inline'/.test(csp), path).toBe(false);
    }
  });

  it('renders a public page once per language: a change of the data shows only once the cache lets go', async () => {
    const { db, publicCache, site } = product.server.ctx;
    const first = (await page('/hosting?lng=de')).body.toString('utf8');
    const { name } = await db
      .selectFrom('games')
      .select('name')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await db.updateTable('games').set({ name: 'Renamed Craft' }).where('id', '=', 1).execute();
    try {
      // The same language is served from the cache as first rendered; another language is rendered now.
      const again = (await page('/hosting?lng=de')).body.toString('utf8');
      expect(again).toBe(first);
      expect(visibleText(again)).not.toContain('Renamed Craft');
      expect(visibleText((await page('/hosting?lng=sk')).body.toString('utf8'))).toContain('Renamed Craft');
      publicCache.clear();
      expect(visibleText((await page('/hosting?lng=de')).body.toString('utf8'))).toContain('Renamed Craft');
    } finally {
      await db.updateTable('games').set({ name }).where('id', '=', 1).execute();
      publicCache.clear();
    }

    // The pages without catalogue data are kept until the year changes: content changed meanwhile (the
    // partners the API already answers with) is not on the page rendered before it.
    const partnersBefore = (await page('/partners?lng=fr')).body.toString('utf8');
    const original = site.partners;
    site.partners = () => [];
    try {
      expect(
        ((await product.session().get('/api/public/site/partners?lang=fr')).body as { partners: [] })
          .partners,
      ).toEqual([]);
      expect((await page('/partners?lng=fr')).body.toString('utf8')).toBe(partnersBefore);
    } finally {
      site.partners = original;
    }
  });
});
