/**
 * The real product for the store's component tests: started in a child process (product-process.ts),
 * the page (happy-dom) pointed at it and logged in as a verified customer with 500 credits, so the
 * dialogs' calls go through the real api-client, cookies and Origin check included.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface RunningProduct {
  url: string;
  username: string;
  stop(): Promise<void>;
}

// happy-dom's URL does not take file: URLs; vitest gives the file's directory.
const here = import.meta.dirname;
const root = join(here, '../../../../..');

/** Starts the product, points the page at it and logs in (POST /api/auth/login from the page). */
export async function startStoreProduct(): Promise<RunningProduct> {
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), [join(here, 'product-process.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the product exited (${code})`)));
  });
  const started = JSON.parse(line) as {
    url: string;
    email: string;
    username: string;
    password: string;
    captcha: string;
  };
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${started.url}/dashboard`,
  );
  const login = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: started.email, password: started.password, captchaToken: started.captcha }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  return {
    url: started.url,
    username: started.username,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
