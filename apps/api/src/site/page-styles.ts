/** The pages' own CSS and artwork, mirroring Mantine's sizes so a page does not jump when React starts. */
import { raw, type SafeHtml } from '../platform/html';

/** Mirrors the sizes of the Mantine components the React pages use (theme.ts, Mantine's defaults). */
export const SSR_CSS = raw(
  `.s-c{max-width:1140px;margin:0 auto;padding:0 16px}` +
    `.s-hd{position:sticky;top:0;z-index:100;background:rgba(12,13,33,.82);border-bottom:1px solid var(--mantine-color-dark-5)}` +
    `.s-hd .s-c{display:flex;align-items:center;justify-content:space-between;padding-top:10px;padding-bottom:10px}` +
    `.s-pill{font-size:16px;font-weight:400;line-height:1.55;padding:0}` +
    `.s-logo{display:flex;align-items:center;gap:8px;color:#fff;font-weight:800;font-size:18px;letter-spacing:.02em;text-decoration:none}` +
    `.s-nav{display:none;align-items:center;gap:20px;min-height:40px}` +
    `.s-burger{width:38px;height:38px;display:flex;flex-direction:column;justify-content:center;gap:5px;padding:0 7px}` +
    `.s-burger i{display:block;height:2px;background:#fff;border-radius:2px}` +
    `@media(min-width:48em){.s-nav{display:flex}.s-burger{display:none}}.s-nav select:disabled{opacity:1}` +
    `.s-b{display:inline-flex;align-items:center;justify-content:center;height:36px;padding:0 18px;border-radius:8px;font-weight:600;font-size:14px;text-decoration:none;color:#fff;background:var(--mantine-color-falken-7);border:1px solid transparent}` +
    `.s-b.s-d{background:var(--mantine-color-dark-6);border-color:var(--mantine-color-dark-4)}` +
    `.s-b.s-lg{height:50px;padding:0 26px;font-size:18px}` +
    `.s-b.s-g{background:linear-gradient(135deg,var(--mantine-color-falken-7),var(--mantine-color-cyan-8))}` +
    `.s-hero{padding:48px 0}.s-hero h1{font-size:36px;line-height:1.05;font-weight:800;margin:0}` +
    `@media(min-width:48em){.s-hero h1{font-size:48px}}@media(min-width:62em){.s-hero{padding:88px 0}.s-hero h1{font-size:56px}}` +
    `.s-stack{display:flex;flex-direction:column;gap:20px;justify-content:center}` +
    `.s-row{display:flex;flex-wrap:wrap;gap:16px}.s-stats{display:flex;flex-wrap:wrap;gap:32px;margin-top:10px}` +
    `.s-lead{font-size:18px;line-height:1.55;color:var(--mantine-color-dark-0);max-width:520px;margin:0}` +
    `.s-big{font-weight:800;font-size:20px;margin:0}.s-sm{font-size:14px;color:var(--mantine-color-dark-1);margin:0}` +
    `.s-art{display:none}@media(min-width:48em){.s-art{display:block}}` +
    `.s-h2{text-align:center;font-size:26px;font-weight:800;margin:0 0 32px;line-height:1.35}` +
    `.s-feat{padding:20px}.s-feat h3{font-size:16px;font-weight:800;margin:0 0 6px;line-height:1.45}` +
    `.s-page{padding-top:32px;padding-bottom:32px}.s-page h1{font-size:34px;font-weight:800;line-height:1.3;margin:0 0 4px}` +
    `.s-grid{display:grid;gap:20px;grid-template-columns:1fr}` +
    `@media(min-width:48em){.s-grid{grid-template-columns:repeat(2,1fr)}}@media(min-width:62em){.s-grid{grid-template-columns:repeat(3,1fr)}}` +
    `.s-card{display:block;background:var(--mantine-color-dark-7);border:1px solid var(--mantine-color-dark-4);border-radius:16px;padding:20px;color:inherit;text-decoration:none;overflow:hidden}` +
    `.s-card>img{display:block;width:calc(100% + 40px);height:170px;object-fit:cover;margin:-20px -20px 16px}` +
    `.s-card h2{font-size:18px;font-weight:800;margin:0 0 10px;line-height:1.35}` +
    `.s-badges{display:flex;gap:6px;flex-wrap:wrap;margin-top:10px}` +
    `.s-badge{font-size:11px;font-weight:700;text-transform:uppercase;padding:0 8px;line-height:20px;border-radius:4px;color:var(--mantine-color-gray-4);background:rgba(134,142,150,.15)}` +
    `.s-banner{position:relative;min-height:180px;overflow:hidden;display:flex;align-items:flex-end}@media(min-width:48em){.s-banner{min-height:240px}}` +
    `.s-banner>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;filter:brightness(.55)}` +
    `.s-banner .s-c{position:relative;width:100%;padding-top:32px}` +
    `.s-banner .s-stack{gap:10px;padding-bottom:20px}.s-banner h1{color:#fff;font-size:34px;font-weight:800;line-height:1.3;margin:0}` +
    `.s-banner a{color:var(--mantine-color-gray-3);font-size:14px;line-height:1.45;text-decoration:none}` +
    `.s-pk h2{font-size:20px;font-weight:800;margin:0 0 16px;line-height:1.35}.s-pk .s-card h2{font-size:18px;margin:0}` +
    `.s-pkh{display:flex;gap:16px;align-items:center;margin-bottom:16px}.s-pkh img{border-radius:8px}` +
    `.s-price{font-weight:800;font-size:20px;margin:2px 0 0}` +
    `.s-hr{border-top:1px solid var(--mantine-color-dark-4);margin-bottom:12px}.s-banner .s-badges{margin-top:0}` +
    `.s-pk .s-b{width:100%;margin-top:20px;font:inherit;font-size:14px;font-weight:600}.s-carousel{height:66px}.s-st{font-size:18px;font-weight:800;line-height:1.35;margin:0 0 10px}` +
    `.s-nf{padding:80px 16px;text-align:center}.s-nf h1{font-size:34px;font-weight:800;margin:0 0 16px}`,
);

/** The rules only /partners and /contact use, sent with those pages alone. */
export const SITE_CSS = raw(
  `.s-sub{font-size:16px;line-height:1.55;color:var(--mantine-color-dark-1);margin:0 0 32px}` +
    `.s-ph{font-size:18px;font-weight:800;line-height:1.35;margin:0}.s-t{font-size:14px;line-height:1.45;color:var(--mantine-color-dark-0);margin:0}` +
    `.s-a{color:var(--mantine-color-cyan-3);font-weight:400;text-decoration:none}.s-a:hover{text-decoration:underline}.s-a.s-sma{font-size:14px;line-height:1.45}` +
    `.s-panel h2{font-size:20px;font-weight:800;line-height:1.35;margin:0 0 16px}.s-meta{font-size:12px;line-height:1.4;color:var(--mantine-color-dark-1);margin:0}` +
    `.s-shell{min-height:100vh;display:flex;flex-direction:column}.s-shell>main{flex:1}` +
    `.s-ft{margin-top:32px;padding:32px 0;border-top:1px solid var(--mantine-color-dark-5)}` +
    `.s-ftg{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:32px}.s-fts{display:flex;flex-direction:column;gap:6px}` +
    `.s-ft p{font-size:14px;line-height:1.45;color:var(--mantine-color-dark-1);margin:0}.s-ft p.s-fb{font-weight:700;color:inherit}` +
    `.s-ft a{font-size:14px;line-height:1.45;color:var(--mantine-color-dark-0);text-decoration:none}.s-ft a:hover{text-decoration:underline}.s-ft p.s-fc{font-size:12px;line-height:1.4;margin-top:32px}`,
);

/** The Falkenhost mark at `size` px (apps/web/src/components/logo.tsx). */
function logo(size: number): SafeHtml {
  return raw(
    `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="fh-logo-s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9a7ce6"/><stop offset="1" stop-color="#22b8cf"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="#1d1e30"/><path d="M5 22c6-1 10-5 12-12 1 5 4 8 10 9-6 1-9 3-11 7-2-3-6-4-11-4z" fill="url(#fh-logo-s)"/></svg>`,
  );
}
export const LOGO = logo(30);
export const FOOTER_LOGO = logo(26);

/** The home page's decorative server rack (the React page draws the same). */
export const HERO_ART = raw(
  `<svg viewBox="0 0 420 320" width="100%" aria-hidden="true"><defs><linearGradient id="s-hero-a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7b54de"/><stop offset="1" stop-color="#22b8cf"/></linearGradient><radialGradient id="s-hero-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#7b54de" stop-opacity="0.55"/><stop offset="1" stop-color="#7b54de" stop-opacity="0"/></radialGradient></defs><circle cx="210" cy="160" r="160" fill="url(#s-hero-glow)"/>${[
    0, 1, 2, 3,
  ]
    .map(
      (row) =>
        `<g transform="translate(90 ${50 + row * 56})"><rect width="240" height="44" rx="10" fill="#1d1e30" stroke="url(#s-hero-a)" stroke-width="2"/><rect x="16" y="14" width="110" height="6" rx="3" fill="#34354a"/><rect x="16" y="25" width="${60 + row * 14}" height="6" rx="3" fill="url(#s-hero-a)"/><circle cx="196" cy="22" r="5" fill="${row === 2 ? '#fab005' : '#40c057'}"/><circle cx="216" cy="22" r="5" fill="#22b8cf" opacity="0.8"/></g>`,
    )
    .join(
      '',
    )}<path d="M40 280 L120 250 L180 268 L260 236 L380 262" stroke="url(#s-hero-a)" stroke-width="3" fill="none"/><circle cx="260" cy="236" r="6" fill="#22b8cf"/></svg>`,
);
