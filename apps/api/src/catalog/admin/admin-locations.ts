/**
 * Store administration, locations (docs/decisions/242): the panel owns its locations (id, short code,
 * long name, edited in the panel); we own their names in the other languages customers read.
 */
import type { AdminLocation, CatalogueTranslations } from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import { panelLocations } from '../../panel/placement';
import type { PanelLocation as Location } from '../../panel/port';
import { recordAudit } from '../../platform/audit';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { namesOf, type TranslatedNames, writeNames } from '../catalogue-names';
import type { StaffChange } from './admin-rows';

/**
 * A panel location as staff see it: the English name customers see (staff's, else the panel's), the
 * panel's own, and `translations` (the names in the other languages).
 */
function adminLocationOf(location: Location, names: TranslatedNames): AdminLocation {
  const { en, ...translations } = names;
  const panelName = location.long || location.short;
  return {
    id: location.id,
    code: location.short,
    name: en || panelName,
    panel_name: panelName,
    english_name: en ?? '',
    translations,
  };
}

/**
 * The panel's locations in its order, each with its names in the other languages.
 * @throws what the panel's client throws when the panel cannot be read
 */
export async function listAdminLocations(ctx: AppContext): Promise<AdminLocation[]> {
  const locations = await panelLocations(ctx);
  const names = await namesOf(
    ctx.db,
    locations.map((l) => `location:${l.short}` as const),
  );
  return locations.map((l) => adminLocationOf(l, names.get(`location:${l.short}`) ?? {}));
}

/**
 * Sets a panel location's names (PUT store/locations), replacing the ones it had; one audit entry (entity
 * `location`, the panel's id) with the names before and after. Customers' next answers use them.
 * @param name the English name; undefined shows the panel's long name (a Pelican tag's only name is itself)
 * @param translations empty or left-out languages show the English name
 * @throws AppError 404 notFound when the panel has no location with this id; nothing written
 */
export async function setLocationNames(
  ctx: AppContext,
  change: StaffChange,
  locationId: number,
  translations: CatalogueTranslations,
  name?: string,
): Promise<AdminLocation> {
  const location = (await panelLocations(ctx)).find((l) => l.id === locationId);
  if (!location) throw new AppError(404, REASONS.notFound);
  const subject = `location:${location.short}` as const;
  // (a language sent empty arrives undefined: contracts' catalogueTranslations)
  const given = Object.fromEntries(
    Object.entries({ ...translations, en: name }).filter((entry) => !!entry[1]),
  ) as TranslatedNames;
  const after = adminLocationOf(location, given);
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await namesOf(trx, [subject])).get(subject) ?? {};
    await writeNames(trx, subject, given);
    await recordAudit(trx, {
      ...change,
      action: 'update',
      entity: 'location',
      entityId: location.id,
      before: { code: after.code, name: adminLocationOf(location, before).name, translations: before },
      after: { code: after.code, name: after.name, translations: given },
    });
  });
  return after;
}
