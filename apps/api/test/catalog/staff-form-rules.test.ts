/**
 * Staff forms that refuse what cannot work (issue 44 part 3; docs/decisions/435, 437): numbers out of range
 * and fractions are refused naming their field (not "Fill in all fields", which stays for empty fields), a
 * text file named fake.png is refused on its field, and a package offers only its game's eggs unless staff
 * choose another game's. Real HTTP, the panel emulators (Pterodactyl nests, Pelican egg tags).
 */
import { NUMBER_LIMITS } from '@falkenhost/contracts/staff-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, registerVerified, type Session, startProduct, uniqueName } from '../harness';
import { PANELS } from '../panels';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Choices {
  games: { id: number; name: string }[];
  locations: { nodes: { id: number }[] }[];
  nests: { id: number; name: string; eggs: { id: number; name: string }[] }[];
  game_eggs: Record<string, number[]>;
}

function multipart(fields: Record<string, string>, files: Record<string, [Buffer, string]> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files))
    form.append(k, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

describe.each(PANELS)('staff form rules on %s', (panel) => {
  let product: Product;
  let master: Session;
  let choices: Choices;

  beforeAll(async () => {
    product = await startProduct('sqlite', { panel });
    const m = await registerVerified(product, uniqueName('master'));
    await product.server.ctx.db
      .updateTable('users')
      .set({ role: 'master' })
      .where('username', '=', m.username)
      .execute();
    master = m.session;
    choices = (await master.get('/api/private/store/packages-additional-data')).body;
  });
  afterAll(async () => product?.close());

  const game = (name: string) => choices.games.find((g) => g.name === name)!;
  const nestEggs = (name: string) => choices.nests.find((n) => n.name === name)!.eggs;

  /** A 7 Days To Die package form with its own egg, every resource set; `over` replaces fields. */
  function packageForm(over: Record<string, string>, thumbnail: [Buffer, string] | null = [PNG, 'p.png']) {
    return multipart(
      {
        name: uniqueName('Rules '),
        credits: '100',
        game: String(game('7 Days To Die').id),
        nodes: JSON.stringify([choices.locations[0]!.nodes[0]!.id]),
        eggs: JSON.stringify([nestEggs('7 Days To Die')[0]!.id]),
        vcpu: '100',
        io: '500',
        slots: '8',
        storage: '10',
        ram: '2048',
        swap: '0',
        databases: '0',
        backups: '1',
        ports: '1',
        active: 'false',
        ...over,
      },
      thumbnail ? { thumbnail } : {},
    );
  }
  const addPackage = (form: FormData) => master.request('POST', '/api/private/store/packages', form);
  const packageCount = async () =>
    (await product.server.ctx.db.selectFrom('packages').select('id').execute()).length;

  it('names the field of a number out of range or not whole; "Fill in all fields" only when empty', async () => {
    const before = await packageCount();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ credits: '999999999999999' }, 'credits', 'outOfRange'],
      [{ ram: String(NUMBER_LIMITS.ram.max + 1) }, 'ram', 'outOfRange'],
      [{ io: '5' }, 'io', 'outOfRange'],
      [{ ports: '1000' }, 'ports', 'outOfRange'],
      [{ databases: '1.5' }, 'databases', 'wholeNumber'],
      [{ ports: '' }, 'ports', 'emptyFields'],
    ];
    for (const [over, path, msg] of cases) {
      const res = await addPackage(packageForm(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors, JSON.stringify(over)).toEqual([{ msg, path }]);
    }
    const priority = await master.request(
      'POST',
      '/api/private/store/games',
      multipart(
        { name: uniqueName('Game '), desktop: 'true', active: 'false', priority: '99999999999' },
        { image: [PNG, 'i.png'], thumbnail: [PNG, 't.png'] },
      ),
    );
    expect(priority.status).toBe(400);
    expect(priority.body.errors).toEqual([{ msg: 'outOfRange', path: 'priority' }]);
    expect(await packageCount()).toBe(before);
  });

  it('refuses a text file named fake.png on its field, by its bytes', async () => {
    const before = await packageCount();
    const res = await addPackage(packageForm({}, [Buffer.from('not an image at all\n'), 'fake.png']));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ reason: 'file-type', errors: [{ msg: 'fileType', path: 'thumbnail' }] });
    expect(await packageCount()).toBe(before);
  });

  it("offers a game its own eggs; another game's egg only when staff choose so", async () => {
    const sevenDays = choices.game_eggs[String(game('7 Days To Die').id)]!;
    const minecraft = nestEggs('Minecraft').map((e) => e.id);
    expect(sevenDays).toEqual(expect.arrayContaining(nestEggs('7 Days To Die').map((e) => e.id)));
    expect(sevenDays.some((id) => minecraft.includes(id))).toBe(false);
    // "ARK Survival" has the nest (Pelican: tag) "ARK: Survival Evolved".
    expect(choices.game_eggs[String(game('ARK Survival').id)]).toEqual(
      nestEggs('ARK: Survival Evolved').map((e) => e.id),
    );

    const bukkit = nestEggs('Minecraft')[0]!.id;
    const refused = await addPackage(packageForm({ eggs: JSON.stringify([bukkit]) }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ msg: 'eggOtherGame', path: 'eggs' }]);
    const chosen = await addPackage(packageForm({ eggs: JSON.stringify([bukkit]), other_eggs: 'true' }));
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(201);
    // Once a package of the game uses it, it is one of the game's eggs.
    const after = (await master.get('/api/private/store/packages-additional-data')).body as Choices;
    expect(after.game_eggs[String(game('7 Days To Die').id)]).toContain(bukkit);
  });
});
