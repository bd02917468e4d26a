/**
 * The package chosen on /game/{gameId} before the dashboard opens (product.md "Screens and routes"): kept in
 * localStorage so it survives the login and verification screens; the store opens its overview dialog and
 * clears it.
 */
const KEY = 'falkenhost.pendingPackage';

export interface PendingPackage {
  packageId: number;
  gameId: number;
  /** the package's name, for the login and sign-up pages' notice of why they came up */
  name?: string;
}

export function savePendingPackage(value: PendingPackage): void {
  localStorage.setItem(KEY, JSON.stringify(value));
}

export function readPendingPackage(): PendingPackage | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PendingPackage>;
    if (typeof parsed.packageId === 'number' && typeof parsed.gameId === 'number') {
      const name = typeof parsed.name === 'string' ? { name: parsed.name } : {};
      return { packageId: parsed.packageId, gameId: parsed.gameId, ...name };
    }
  } catch {
    // a damaged entry is dropped below
  }
  localStorage.removeItem(KEY);
  return null;
}

export function clearPendingPackage(): void {
  localStorage.removeItem(KEY);
}
