/** Component tests (happy-dom): each test starts from an empty document; Mantine's hosts are unmounted. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom's cookie jar is cleared the way a page would
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  localStorage.clear();
});
