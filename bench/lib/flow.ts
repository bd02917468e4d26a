/**
 * The main flow through the API as the web client calls it: register (solving the captcha), verify the
 * mailed code, buy 100 credits at the Mollie checkout choosing Paid, order a Minecraft package with
 * credits. Used by the benchmark to measure memory after the flow.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

class Jar {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  // biome-ignore lint/suspicious/noExplicitAny: the bench flow reads JSON answers loosely
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

async function captcha(jar: Jar): Promise<string> {
  const { body: challenge } = await jar.call('GET', '/api/auth/captcha');
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Registers a customer (solving the captcha) and verifies the mailed code: a logged-in, verified jar. */
async function registerVerified(base: string, name: string): Promise<Jar> {
  const jar = new Jar(base);
  const email = `${name}@example.com`;
  const reg = await jar.call('POST', '/api/auth/register', {
    username: name,
    firstName: 'Bench',
    lastName: 'Mark',
    email,
    password: 'secret123',
    news_subscription: false,
    captchaToken: await captcha(jar),
  });
  if (reg.status !== 201) throw new Error(`register ${reg.status}`);
  const mail = (await jar.call('GET', '/api/dev/mail')).body.find((m: { to: string }) => m.to === email);
  const code = mail.text.match(/^([A-Z0-9]{6})$/m)[1];
  const verified = await jar.call('POST', '/api/auth/verify-email', { token: code });
  if (verified.status >= 400) throw new Error(`verify-email ${verified.status}`);
  return jar;
}

/** @returns the Cookie header of a newly registered, verified customer (its access token lasts 15 minutes) */
export async function customerCookie(base: string, name: string): Promise<string> {
  const jar = await registerVerified(base, name);
  return [...jar.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** @returns the number of servers the customer has at the end */
export async function runFlow(base: string, name: string): Promise<number> {
  const jar = await registerVerified(base, name);
  const order = await jar.call('POST', '/api/private/store/order-credits', {
    addressLine1: 'Street 1',
    city: 'Brno',
    postalCode: '60200',
    country: 'CZ',
    creditsAmount: 100,
    paymentMethod: 'creditCard',
  });
  await fetch(order.body.link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'status=paid',
    redirect: 'manual',
  });
  for (let i = 0; i < 50 && (await jar.call('GET', '/api/private/credits')).body.credits < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const games = (await jar.call('GET', '/api/public/store/games')).body;
  const packages = (
    await jar.call('GET', `/api/private/store/available-users-packages?gameId=${games[0].id}`)
  ).body;
  const locations = (
    await jar.call('GET', `/api/private/store/package-locations?packageId=${packages[0].id}`)
  ).body;
  const bought = await jar.call('POST', '/api/private/store/package-by-credits', {
    serverName: 'bench server',
    packageId: packages[0].id,
    eggId: packages[0].eggs[0],
    locationId: locations[0].id,
  });
  if (bought.status !== 200) throw new Error(`package order ${bought.status} ${JSON.stringify(bought.body)}`);
  return (await jar.call('GET', '/api/private/servers/owned-servers')).body.length;
}
