/**
 * Store administration (issue 10; product.md "Staff screens", "Validation rules", "Staff calls",
 * "Error catalogue" ("Admin"; "Admin games") .. "Admin discounts"): games with uploaded images, packages on
 * panel nodes with eggs, add-ons, discount codes, their bad input, nothing half-written, changes reaching
 * customers and existing owners, and the audit log of each change. Real database, real HTTP, the panel
 * emulator.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/app/server';
import { runPanelQueue } from '../../src/servers/panel-task-results';
import {
  DATABASES,
  grantCredits,
  orderByCredits,
  type Product,
  registerVerified,
  type Session,
  startProduct,
  uniqueName,
  waitFor,
} from '../harness';

async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF data (camera and an artist's name) that must not survive the upload. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Jane Private' } })
    .toBuffer();
}

function gameForm(fields: Record<string, string>, files: Record<string, [Buffer, string]>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files))
    form.append(k, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

describe.each(DATABASES)('store administration on %s', (kind) => {
  let product: Product;
  let master: Session;
  let admin: Session;
  let customer: { session: Session; username: string };
  let uploadDir: string;
  const uploads = () =>
    existsSync(uploadDir) ? readdirSync(uploadDir).filter((n) => !n.startsWith('.')) : [];

  beforeAll(async () => {
    product = await startProduct(kind);
    uploadDir = product.server.ctx.config.uploadDir;
    const m = await registerVerified(product, uniqueName('master'));
    const a = await registerVerified(product, uniqueName('admin'));
    for (const [who, role] of [
      [m.username, 'master'],
      [a.username, 'admin'],
    ] as const)
      await product.server.ctx.db.updateTable('users').set({ role }).where('username', '=', who).execute();
    master = m.session;
    admin = a.session;
    customer = await registerVerified(product);
    await grantCredits(product, customer.username, 2_000);
  });
  afterAll(async () => product?.close());

  describe('games', () => {
    let gameId: number;

    it('adds a game with images: 201, re-encoded WebP without metadata, served with a year-long cache', async () => {
      const res = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          {
            name: 'Valheim',
            desktop: 'true',
            console: 'false',
            mobile: 'false',
            active: 'true',
            priority: '7',
          },
          { image: [await png(3000, 1500), 'valheim.png'], thumbnail: [await jpegWithExif(), 'thumb.jpg'] },
        ),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Valheim',
        desktop: true,
        console: false,
        priority: 7,
        active: true,
      });
      gameId = res.body.id;
      expect(res.body.image_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

      const image = await fetch(`${product.url}${res.body.image_url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
      expect(image.headers.get('cache-control')).toContain('immutable');
      expect(image.headers.get('cache-control')).toContain('max-age=31536000');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(1920);

      const thumb = Buffer.from(await (await fetch(`${product.url}${res.body.thumbnail_url}`)).arrayBuffer());
      const thumbMeta = await sharp(thumb).metadata();
      expect(thumbMeta.exif).toBeUndefined();
      expect(thumb.includes(Buffer.from('Jane Private'))).toBe(false);

      // The storefront shows it at once on this instance (the cache is cleared by the change).
      const games = (await customer.session.get('/api/public/store/games')).body;
      expect(games.map((g: { name: string }) => g.name)).toContain('Valheim');
    });

    it('refuses a duplicate name in any case with 409 and stores no file', async () => {
      const before = uploads().length;
      const res = await admin.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'VALHEIM', desktop: 'true', priority: '2' },
          { image: [await png(30, 30), 'a.png'], thumbnail: [await png(31, 31), 'b.png'] },
        ),
      );
      expect(res.status).toBe(409);
      expect(res.body.reason).toBe('exists');
      expect(uploads().length).toBe(before);
    });

    it('answers 413 to a file over 5 MB, 400 file-type to a non-image named .png, and writes nothing', async () => {
      const before = uploads().length;
      const count = async () =>
        Number(
          (
            await product.server.ctx.db
              .selectFrom('games')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const rows = await count();
      const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
      const tooBig = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'Big', desktop: 'true', priority: '1' },
          { image: [big, 'big.png'], thumbnail: [await png(), 't.png'] },
        ),
      );
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toMatchObject({
        reason: 'file-too-large',
        errors: [{ msg: 'fileTooLarge', path: 'image' }],
      });

      const script = Buffer.from('#!/bin/sh\necho not an image\n');
      const fake = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'Fake', desktop: 'true', priority: '1' },
          { image: [script, 'photo.png'], thumbnail: [await png(), 't.png'] },
        ),
      );
      expect(fake.status).toBe(400);
      expect(fake.body.reason).toBe('file-type');

      // An SVG is an image, but not one of png, jpeg and webp.
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
      const vector = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'Vector', desktop: 'true', priority: '1' },
          { image: [svg, 'v.webp'], thumbnail: [await png(), 't.png'] },
        ),
      );
      expect(vector.status).toBe(400);
      expect(await count()).toBe(rows);
      expect(uploads().length).toBe(before);
    });

    it('names the missing field: image, no platform or active, priority below 1', async () => {
      const files = { image: [await png(), 'i.png'], thumbnail: [await png(), 't.png'] } as Record<
        string,
        [Buffer, string]
      >;
      const noImage = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm({ name: 'NoImage', desktop: 'true', priority: '1' }, { thumbnail: files.thumbnail! }),
      );
      expect(noImage.status).toBe(400);
      expect(noImage.body.errors[0].msg).toBe('noImage');
      const noFlag = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm({ name: 'NoFlag', priority: '1', active: 'false' }, files),
      );
      expect(noFlag.status).toBe(400);
      expect(noFlag.body.errors[0].msg).toBe('emptyFields');
      const zero = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm({ name: 'Zero', desktop: 'true', priority: '0' }, files),
      );
      expect(zero.status).toBe(400);
      expect(zero.body.errors[0]).toMatchObject({ msg: 'outOfRange', path: 'priority' });
    });

    it('edits a game without new files and refuses the name of another game', async () => {
      const res = await admin.request(
        'PUT',
        '/api/private/store/games',
        gameForm(
          { id: String(gameId), name: 'Valheim Plus', mobile: 'true', priority: '3', active: 'true' },
          {},
        ),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ name: 'Valheim Plus', mobile: true, desktop: false, priority: 3 });
      expect(res.body.image_url).toMatch(/^\/uploads\//);
      const clash = await admin.request(
        'PUT',
        '/api/private/store/games',
        gameForm({ id: String(gameId), name: 'minecraft', desktop: 'true', priority: '1' }, {}),
      );
      expect(clash.status).toBe(409);
    });

    it('refuses to delete a game that has packages, deletes one that has none', async () => {
      const games = (await master.get('/api/private/store/games')).body;
      const minecraft = games.find((g: { name: string }) => g.name === 'Minecraft');
      expect(minecraft.packages_count).toBeGreaterThan(0);
      const refused = await master.request('DELETE', '/api/private/store/games', { id: minecraft.id });
      expect(refused.status).toBe(409);
      expect(refused.body.reason).toBe('owned');

      const created = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'Short Lived', console: 'true', priority: '9' },
          { image: [await png(20, 20), 'i.png'], thumbnail: [await png(21, 21), 't.png'] },
        ),
      );
      expect(created.status).toBe(201);
      const gone = await master.request('DELETE', '/api/private/store/games', { id: created.body.id });
      expect(gone.status).toBe(200);
      const names = (await master.get('/api/private/store/games')).body.map((g: { name: string }) => g.name);
      expect(names).not.toContain('Short Lived');
      expect(
        (await master.request('DELETE', '/api/private/store/games', { id: created.body.id })).status,
      ).toBe(404);
      // Its name is free again.
      const again = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'Short Lived', console: 'true', priority: '9' },
          { image: [await png(20, 20), 'i.png'], thumbnail: [await png(21, 21), 't.png'] },
        ),
      );
      expect(again.status).toBe(201);
    });
  });

  describe('packages', () => {
    let data: {
      games: { id: number; name: string }[];
      locations: { id: number; long: string; nodes: { id: number; name: string }[] }[];
      nests: { id: number; name: string; eggs: { id: number; name: string }[] }[];
    };
    let packageId: number;
    const nodeIds = () => data.locations.flatMap((l) => l.nodes.map((n) => n.id));

    function packageForm(over: Record<string, string> = {}, thumbnail?: Buffer): FormData {
      const minecraft = data.games.find((g) => g.name === 'Minecraft')!;
      const nest = data.nests.find((n) => n.name === 'Minecraft')!;
      const fields: Record<string, string> = {
        name: 'Minecraft Staff Special',
        credits: '321',
        game: String(minecraft.id),
        nodes: JSON.stringify(nodeIds().slice(0, 2)),
        eggs: JSON.stringify(nest.eggs.slice(0, 2).map((e) => e.id)),
        vcpu: '150',
        io: '',
        slots: '',
        storage: '20',
        ram: '3072',
        swap: '',
        databases: '1',
        backups: '2',
        ports: '1',
        active: 'true',
        ...over,
      };
      return gameForm(fields, thumbnail ? { thumbnail: [thumbnail, 'pkg.png'] } : {});
    }

    beforeAll(async () => {
      data = (await master.get('/api/private/store/packages-additional-data')).body;
    });

    it('gives staff the games, locations with nodes and nests with eggs; customers only the nests', async () => {
      expect(data.games.length).toBeGreaterThanOrEqual(6);
      expect(nodeIds().length).toBeGreaterThanOrEqual(2);
      expect(data.nests.some((n) => n.eggs.length > 0)).toBe(true);
      const forCustomer = (await customer.session.get('/api/private/store/packages-additional-data')).body;
      expect(Object.keys(forCustomer)).toEqual(['nests']);
    });

    it('adds a package on two nodes with two eggs (io 500 and swap 0 by default); a customer sees and buys it', async () => {
      const res = await master.request('POST', '/api/private/store/packages', packageForm({}, await png()));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      packageId = res.body.id;
      expect(res.body).toMatchObject({
        name: 'Minecraft Staff Special',
        credits_monthly: 321,
        io: 500,
        swap: 0,
        slots: 0,
        users_username: null,
        packages_ordered: 0,
      });
      expect(res.body.nodes).toHaveLength(2);
      expect(res.body.eggs).toHaveLength(2);

      const serverId = await orderByCredits(
        customer.session,
        `Staff special ${uniqueName('s')}`,
        'Minecraft Staff Special',
      );
      expect(serverId).toBeGreaterThan(0);
      const listed = (await master.get('/api/private/store/packages')).body.find(
        (p: { id: number }) => p.id === packageId,
      );
      expect(listed.packages_ordered).toBe(1);
      const refused = await master.request('DELETE', '/api/private/store/packages', {
        id: packageId,
        custom: false,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.reason).toBe('owned');
    });

    it('carries a price change to the owner from the next hour and a resource change to the panel', async () => {
      const { db } = product.server.ctx;
      const before = await db
        .selectFrom('user_packages')
        .select(['id', 'credits_monthly', 'ptero_server_id'])
        .where('package_id', '=', packageId)
        .executeTakeFirstOrThrow();
      expect(before.credits_monthly).toBe(321 * 10_000);
      const res = await master.request(
        'PUT',
        '/api/private/store/packages',
        packageForm({ id: String(packageId), credits: '400', ram: '4096' }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = await db
        .selectFrom('user_packages')
        .select(['credits_monthly'])
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow();
      expect(after.credits_monthly).toBe(400 * 10_000);
      const tasks = await db
        .selectFrom('panel_tasks')
        .selectAll()
        .where('user_package_id', '=', before.id)
        .where('kind', '=', 'build')
        .execute();
      expect(tasks).toHaveLength(1);
      await runPanelQueue(product.server.ctx);
      const panelServer = await product.server.ctx.panel.getServer(before.ptero_server_id!);
      expect(panelServer.limits.memory).toBe(4096);
    });

    it('refuses a package without nodes, eggs, thumbnail, with unknown nodes or an unknown target, and duplicates', async () => {
      const cases: Array<[Record<string, string>, boolean, number, string]> = [
        [{ name: 'No nodes', nodes: '[]' }, true, 400, 'noLocations'],
        [{ name: 'No eggs', eggs: '[]' }, true, 400, 'noNests'],
        [{ name: 'Bad node', nodes: '[99999]' }, true, 400, 'noLocations'],
        [{ name: 'Bad egg', eggs: '[99999]' }, true, 400, 'noNests'],
        [{ name: 'No thumb' }, false, 400, 'noThumbnail'],
        [{ name: 'No ports', ports: '' }, true, 400, 'emptyFields'],
      ];
      for (const [over, withThumb, status, msg] of cases) {
        const res = await master.request(
          'POST',
          '/api/private/store/packages',
          packageForm(over, withThumb ? await png() : undefined),
        );
        expect(res.status, over.name).toBe(status);
        expect(res.body.errors[0].msg, over.name).toBe(msg);
      }
      const unknown = await master.request(
        'POST',
        '/api/private/store/packages',
        packageForm({ name: 'For nobody', target: 'nosuchuser' }, await png()),
      );
      expect(unknown.status).toBe(404);
      const dup = await master.request(
        'POST',
        '/api/private/store/packages',
        packageForm({ name: 'minecraft staff special' }, await png()),
      );
      expect(dup.status).toBe(409);
      const names = (await master.get('/api/private/store/packages')).body.map(
        (p: { name: string }) => p.name,
      );
      for (const [over] of cases) expect(names).not.toContain(over.name);
    });

    it('makes a custom package that only its target user sees, and does not let it be edited', async () => {
      const res = await master.request(
        'POST',
        '/api/private/store/packages',
        packageForm({ name: 'Only for one', target: customer.username }, await png()),
      );
      expect(res.status).toBe(201);
      expect(res.body.users_username).toBe(customer.username);
      const other = await registerVerified(product);
      const game = data.games.find((g) => g.name === 'Minecraft')!;
      const seen = async (s: Session) =>
        (await s.get(`/api/private/store/available-users-packages?gameId=${game.id}`)).body.map(
          (p: { name: string }) => p.name,
        );
      expect(await seen(customer.session)).toContain('Only for one');
      expect(await seen(other.session)).not.toContain('Only for one');
      const edit = await master.request(
        'PUT',
        '/api/private/store/packages',
        packageForm({ id: String(res.body.id), name: 'Only for one' }),
      );
      expect(edit.status).toBe(403);
      const deleted = await master.request('DELETE', '/api/private/store/packages', {
        id: res.body.id,
        custom: true,
      });
      expect(deleted.status).toBe(200);
    });
  });

  describe('add-ons and discounts', () => {
    it('adds an add-on for packages, offers it to customers, and refuses duplicates and no packages', async () => {
      const rows = (await master.get('/api/private/store/addons-additional-data')).body;
      const starter = rows.find((r: { name: string }) => r.name === 'Minecraft Starter');
      expect(starter).toMatchObject({ game_name: 'Minecraft' });
      const res = await master.request('POST', '/api/private/store/addons', {
        name: 'Extra 50 GB',
        creditsMonthly: 40,
        type: 'storage',
        quantity: 50,
        packages: [starter.id],
        active: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        credits_monthly: 40,
        user_packages_id: [starter.id],
        addons_ordered: 0,
      });
      const offered = (
        await customer.session.get(`/api/private/store/package-addons?packageId=${starter.id}`)
      ).body;
      expect(offered.map((a: { name: string }) => a.name)).toContain('Extra 50 GB');

      const dup = await master.request('POST', '/api/private/store/addons', {
        name: 'extra 50 gb',
        creditsMonthly: 1,
        type: 'storage',
        quantity: 1,
        packages: [starter.id],
      });
      expect(dup.status).toBe(409);
      const none = await master.request('POST', '/api/private/store/addons', {
        name: 'Nothing',
        creditsMonthly: 1,
        type: 'backups',
        quantity: 1,
        packages: [],
      });
      expect(none.status).toBe(400);
      expect(none.body.errors[0].msg).toBe('noPackages');

      const edit = await master.request('PUT', '/api/private/store/addons', {
        id: res.body.id,
        name: 'Extra 60 GB',
        creditsMonthly: 45,
        type: 'storage',
        quantity: 60,
        packages: [starter.id],
        active: false,
      });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ name: 'Extra 60 GB', active: false, quantity: 60 });
      expect((await master.request('DELETE', '/api/private/store/addons', { id: res.body.id })).status).toBe(
        200,
      );
    });

    it("keeps an add-on's names in other languages: staff set them, customers read them, a rename without them drops them", async () => {
      const rows = (await master.get('/api/private/store/addons-additional-data')).body;
      const starter = rows.find((r: { name: string }) => r.name === 'Minecraft Starter');
      const offeredIn = async (language: string) => {
        customer.session.acceptLanguage = `${language}, *;q=0.5`;
        const offered = (
          await customer.session.get(`/api/private/store/package-addons?packageId=${starter.id}`)
        ).body as Array<{ id: number; name: string }>;
        customer.session.acceptLanguage = undefined;
        return offered.find((a) => a.id === created.body.id)?.name;
      };
      const body = {
        name: 'Extra 70 GB',
        creditsMonthly: 50,
        type: 'storage',
        quantity: 70,
        packages: [starter.id],
        translations: { de: ' Zusätzlich 70 GB ', cs: 'Úložiště 70 GB', sk: '', fr: undefined },
      };
      const created = await master.request('POST', '/api/private/store/addons', body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.translations).toEqual({ cs: 'Úložiště 70 GB', de: 'Zusätzlich 70 GB' });
      expect(await offeredIn('de')).toBe('Zusätzlich 70 GB');
      expect(await offeredIn('sk')).toBe('Extra 70 GB');
      expect(await offeredIn('en')).toBe('Extra 70 GB');

      // A name too long changes nothing.
      const tooLong = await master.request('PUT', '/api/private/store/addons', {
        ...body,
        id: created.body.id,
        translations: { de: 'x'.repeat(65) },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors[0].msg).toBe('emptyFields');
      expect(await offeredIn('de')).toBe('Zusätzlich 70 GB');

      // Left out of an edit that keeps the name, they stay; sent, they replace the old ones.
      const { translations: _kept, ...withoutTranslations } = body;
      expect(
        (
          await master.request('PUT', '/api/private/store/addons', {
            ...withoutTranslations,
            id: created.body.id,
          })
        ).body.translations,
      ).toEqual({ cs: 'Úložiště 70 GB', de: 'Zusätzlich 70 GB' });
      const replaced = await master.request('PUT', '/api/private/store/addons', {
        ...body,
        id: created.body.id,
        translations: { fr: 'Stockage 70 Go' },
      });
      expect(replaced.body.translations).toEqual({ fr: 'Stockage 70 Go' });
      expect(await offeredIn('de')).toBe('Extra 70 GB');
      expect(await offeredIn('fr')).toBe('Stockage 70 Go');

      // Renamed without them, the old translations would name something else: dropped.
      const renamed = await master.request('PUT', '/api/private/store/addons', {
        ...withoutTranslations,
        id: created.body.id,
        name: 'Extra 80 GB',
      });
      expect(renamed.body).toMatchObject({ name: 'Extra 80 GB', translations: {} });
      expect(await offeredIn('fr')).toBe('Extra 80 GB');
      const listed = (await master.get('/api/private/store/addons')).body.find(
        (a: { id: number }) => a.id === created.body.id,
      );
      expect(listed.translations).toEqual({});
      expect(
        (await master.request('DELETE', '/api/private/store/addons', { id: created.body.id })).status,
      ).toBe(200);
    });

    it('adds discount codes unique regardless of case, valid until the end of the day, and deletes them', async () => {
      const res = await master.request('POST', '/api/private/store/discounts', {
        code: 'WINTER25',
        percentage: 25,
        validUntil: '2099-12-31',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ code: 'WINTER25', percentage: 25, valid: true });
      expect(res.body.valid_until).toBe('2099-12-31T22:59:59.999Z');
      const dup = await master.request('POST', '/api/private/store/discounts', {
        code: 'winter25',
        percentage: 5,
        validUntil: '2099-01-01',
      });
      expect(dup.status).toBe(409);
      const verified = await customer.session.post('/api/private/store/discount-verification', {
        code: 'winter25',
      });
      expect(verified.body).toEqual({ code: 'WINTER25', percentage: 25 });

      const old = await master.request('POST', '/api/private/store/discounts', {
        code: 'OLD10',
        percentage: 10,
        validUntil: '2020-01-01',
      });
      expect(old.body.valid).toBe(false);
      const missing = await master.request('POST', '/api/private/store/discounts', {
        code: 'X',
        percentage: 10,
      });
      expect(missing.status).toBe(400);
      const badDate = await master.request('POST', '/api/private/store/discounts', {
        code: 'Y',
        percentage: 10,
        validUntil: '2026-02-30',
      });
      expect(badDate.status).toBe(400);

      expect(
        (await master.request('DELETE', '/api/private/store/discounts', { id: res.body.id })).status,
      ).toBe(200);
      const after = await customer.session.post('/api/private/store/discount-verification', {
        code: 'WINTER25',
      });
      expect(after.status).toBe(400);
    });
  });

  it('shows a catalogue change on another instance once its 10 s cache runs out', async () => {
    const second = await createServer(product.server.ctx.config, {
      logger: false,
      databaseSchema: product.databaseSchema,
    });
    try {
      const read = async (): Promise<string[]> =>
        (await second.app.inject({ url: '/api/public/store/games' }))
          .json()
          .map((g: { name: string }) => g.name);
      expect(await read()).not.toContain('Cache Probe');
      const res = await master.request(
        'POST',
        '/api/private/store/games',
        gameForm(
          { name: 'Cache Probe', desktop: 'true', active: 'true', priority: '4' },
          { image: [await png(), 'i.png'], thumbnail: [await png(), 't.png'] },
        ),
      );
      expect(res.status).toBe(201);
      // The other instance still answers from its copy, then reads the change.
      expect(await read()).not.toContain('Cache Probe');
      expect(await waitFor(read, (names) => names.includes('Cache Probe'), 12_000)).toContain('Cache Probe');
    } finally {
      await second.close();
    }
  });

  describe('audit log and leftovers', () => {
    it('records every change with who, what, before and after, filtered by staff member and entity', async () => {
      const all = (await master.get('/api/private/users/audit-log')).body;
      expect(all.total).toBeGreaterThanOrEqual(10);
      const games = (await master.get('/api/private/users/audit-log?entity=game')).body.entries;
      const edit = games.find(
        (e: { action: string; after: { name?: string } }) =>
          e.action === 'update' && e.after?.name === 'Valheim Plus',
      );
      expect(edit.before.name).toBe('Valheim');
      // The record by its name (one query with joins), also for a discount that is gone.
      expect(edit.entity_name).toBe('Valheim Plus');
      const discounts = (await master.get('/api/private/users/audit-log?entity=discount')).body.entries;
      const removed = discounts.find((e: { action: string }) => e.action === 'delete');
      expect(removed.entity_name).toBe(removed.before.code);
      const adminName = (await admin.get('/api/auth/me')).body.username;
      const byAdmin = (await master.get(`/api/private/users/audit-log?actor=${adminName}`)).body.entries;
      expect(byAdmin.length).toBeGreaterThan(0);
      expect(byAdmin.every((e: { actor_username: string }) => e.actor_username === adminName)).toBe(true);
      expect((await admin.get('/api/private/users/audit-log')).status).toBe(403);
    });

    it('leaves no upload file that no row names', async () => {
      const { db } = product.server.ctx;
      const games = await db.selectFrom('games').select(['image_url', 'thumbnail_url']).execute();
      const packages = await db.selectFrom('packages').select(['thumbnail_url']).execute();
      const named = new Set(
        [...games.flatMap((g) => [g.image_url, g.thumbnail_url]), ...packages.map((p) => p.thumbnail_url)]
          .filter((u) => u.startsWith('/uploads/'))
          .map((u) => u.slice('/uploads/'.length)),
      );
      for (const file of uploads()) {
        expect(named.has(file), file).toBe(true);
        expect(statSync(join(uploadDir, file)).size).toBeGreaterThan(0);
      }
    });
  });
});
