/** happy-dom's own controls of the page (not typed on `window` by the DOM library). */
export const happyDOM = () =>
  (
    window as unknown as {
      happyDOM: { setURL(url: string): void; settings: { fetch: { disableSameOriginPolicy: boolean } } };
    }
  ).happyDOM;
