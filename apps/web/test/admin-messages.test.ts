/**
 * The staff area's messages (issue 10; product.md "Error catalogue" ("Admin games") .. "Users") as a staff
 * member reads them: each failed answer, shaped as the API sends it (status and `{ reason, errors }` of
 * contracts errors.ts and admin.ts), goes through the web client's own mapping to the toast's text, in all
 * five languages (English as the spec words it where it does; the others present and translated). Also the
 * checks made before sending, the multipart bodies, and how rows and audit entries are shown.
 */
import {
  addonBody,
  discountBody,
  firstAdminMessage,
  gameForm,
  packageDialogForm,
  packageForm,
  UPLOAD_MAX_BYTES,
} from '@falkenhost/contracts/admin';
import { REASONS } from '@falkenhost/contracts/errors';
import cs from '@falkenhost/locales/cs/admin.json';
import de from '@falkenhost/locales/de/admin.json';
import en from '@falkenhost/locales/en/admin.json';
import fr from '@falkenhost/locales/fr/admin.json';
import sk from '@falkenhost/locales/sk/admin.json';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../../api/test/harness';
import { numberValue } from '../src/components/admin/staff-form';
import { panelLink, statusBadge } from '../src/features/admin-servers/utils/server';
import { eggOptions, nodeOptions, packageOptions } from '../src/features/admin-store/utils/choices';
import {
  addonErrorKey,
  deleteErrorKey,
  discountErrorKey,
  gameErrorKey,
  packageErrorKey,
  saveErrorKey,
} from '../src/features/admin-store/utils/errors';
import {
  type GameDraft,
  gameFormData,
  type PackageDraft,
  packageFormData,
} from '../src/features/admin-store/utils/form-data';
import { filterRows } from '../src/features/admin-store/utils/format';
import { auditValue, changedFields } from '../src/features/admin-users/utils/audit';
import { activeErrorKey, roleErrorKey } from '../src/features/admin-users/utils/errors';
import { apiResult, expectTranslated, translations } from './support';

let i18n: I18n;

beforeAll(async () => {
  i18n = await translations('admin', { en, cs, sk, de, fr });
});

/** An answer as the API sends it. */
const answer = (status: number, body: unknown = {}): Answer => ({ status, body, headers: new Headers() });
const failed = (status: number, reason?: string, msg?: string) =>
  apiResult(
    answer(status, reason ? { reason, ...(msg ? { errors: [{ msg, path: 'field' }] } : {}) } : undefined),
  );
const network = { status: 0, error: undefined };
const expectMessage = (key: string, english: string | RegExp, values?: Record<string, string>) =>
  expectTranslated(i18n, 'admin', key, english, values);

const UNKNOWN = 'An error occurred. Please try again later.';

describe('saves: files and validation messages', () => {
  it('413 is File is too large and 400 file-type names the allowed images, for games and packages', () => {
    for (const key of [
      gameErrorKey(failed(413, REASONS.fileTooLarge), 'add'),
      gameErrorKey(failed(413), 'edit'),
      packageErrorKey(failed(413, REASONS.fileTooLarge), 'add'),
      packageErrorKey(failed(413, REASONS.fileTooLarge), 'edit'),
    ])
      expectMessage(key, 'File is too large');
    expectMessage(
      gameErrorKey(failed(400, REASONS.fileType), 'add'),
      'The file must be a PNG, JPEG or WEBP image',
    );
    expectMessage(packageErrorKey(failed(400, REASONS.fileType), 'edit'), /PNG, JPEG or WEBP/);
  });

  it('400 validation shows errors[0].msg translated, and the generic error for a message it does not know', () => {
    const cases: [string, string][] = [
      ['emptyFields', 'Fill in all fields'],
      ['noImage', 'Choose an image'],
      ['noThumbnail', 'Choose a thumbnail'],
      ['noLocations', 'Choose at least one location'],
      ['noNests', 'Choose at least one egg'],
      ['noPackages', 'Choose at least one package'],
      ['invalidCode', 'The code may contain only letters, digits, - and _'],
      ['invalidPercentage', 'The percentage must be above 0 and at most 100'],
    ];
    for (const [msg, english] of cases) {
      const key = saveErrorKey(failed(400, REASONS.validation, msg));
      expect(key).toBe(`errors.${msg}`);
      expectMessage(key, english);
    }
    expectMessage(saveErrorKey(failed(400, REASONS.validation, 'Required')), UNKNOWN);
    expectMessage(saveErrorKey(failed(400, REASONS.validation)), UNKNOWN);
    expectMessage(saveErrorKey(failed(500)), UNKNOWN);
    expectMessage(saveErrorKey(network), UNKNOWN);
    expectMessage(saveErrorKey(failed(403, REASONS.forbidden)), UNKNOWN);
  });
});

describe('saves: names and codes already used, target user', () => {
  it('games: gameExists on add, gameNameExists on edit', () => {
    expectMessage(gameErrorKey(failed(409, REASONS.exists), 'add'), 'A game with this name already exists');
    expectMessage(gameErrorKey(failed(409, REASONS.exists), 'edit'), 'Another game already has this name');
  });

  it('packages: packageNameExists; 404 on add is Username not found, on edit the generic error', () => {
    expectMessage(
      packageErrorKey(failed(409, REASONS.exists), 'add'),
      'A package with this name already exists',
    );
    expect(packageErrorKey(failed(409, REASONS.exists), 'edit')).toBe('errors.packageNameExists');
    expectMessage(packageErrorKey(failed(404, REASONS.notFound), 'add'), 'Username not found');
    expectMessage(packageErrorKey(failed(404, REASONS.notFound), 'edit'), UNKNOWN);
    expectMessage(
      packageErrorKey(failed(400, REASONS.validation, 'noNests'), 'add'),
      'Choose at least one egg',
    );
  });

  it('add-ons: addonExists on add, addonNameExists on edit, noPackages', () => {
    expectMessage(
      addonErrorKey(failed(409, REASONS.exists), 'add'),
      'An add-on with this name already exists',
    );
    expectMessage(addonErrorKey(failed(409, REASONS.exists), 'edit'), 'Another add-on already has this name');
    expectMessage(
      addonErrorKey(failed(400, REASONS.validation, 'noPackages'), 'add'),
      'Choose at least one package',
    );
  });

  it('discounts: discountExists, invalid code and percentage', () => {
    expectMessage(
      discountErrorKey(failed(409, REASONS.exists)),
      'A discount with this name or code already exists',
    );
    expect(discountErrorKey(failed(400, REASONS.validation, 'invalidCode'))).toBe('errors.invalidCode');
    expect(discountErrorKey(failed(400, REASONS.validation, 'invalidPercentage'))).toBe(
      'errors.invalidPercentage',
    );
    expectMessage(discountErrorKey(network), UNKNOWN);
  });
});

describe('deletes', () => {
  it('409 owned says why; any other failure shows the delete error', () => {
    expectMessage(
      deleteErrorKey(failed(409, REASONS.owned), 'game'),
      'It cannot be deleted: the game has packages',
    );
    for (const entity of ['package', 'addon'] as const)
      expectMessage(
        deleteErrorKey(failed(409, REASONS.owned), entity),
        'It cannot be deleted: customers own it',
      );
    for (const result of [failed(404, REASONS.notFound), failed(500), network])
      for (const entity of ['game', 'package', 'addon', 'discount'] as const)
        expectMessage(deleteErrorKey(result, entity), 'It could not be deleted. Please try again later.');
  });

  it('a list that cannot be fetched shows the common fetch error', () => {
    expectMessage('errors.fetchError', 'The data could not be loaded. Please try again later.');
  });
});

describe('users', () => {
  it('role change: user not found, last master, self, else Failed to update user role.', () => {
    expectMessage(roleErrorKey(failed(404, REASONS.notFound)), 'Username not found');
    expectMessage(
      roleErrorKey(failed(409, REASONS.lastMaster)),
      'The last master cannot be demoted or deactivated',
    );
    expectMessage(
      roleErrorKey(failed(409, REASONS.self)),
      'You cannot change your own role or deactivate yourself',
    );
    expectMessage(roleErrorKey(failed(500)), 'Failed to update user role.');
    expectMessage(roleErrorKey(network), 'Failed to update user role.');
    expectMessage('users.toast.roleUpdated', 'User role updated successfully.');
  });

  it('activation: the same reasons, else not deactivated or not activated', () => {
    expect(activeErrorKey(failed(409, REASONS.lastMaster), false)).toBe('errors.lastMaster');
    expect(activeErrorKey(failed(409, REASONS.self), false)).toBe('errors.self');
    expect(activeErrorKey(failed(404), true)).toBe('errors.userNotFound');
    expectMessage(activeErrorKey(failed(500), false), 'The user could not be deactivated.');
    expectMessage(activeErrorKey(failed(500), true), 'The user could not be activated.');
    expectMessage('users.deactivate.text', 'alice will be logged out and can no longer log in.', {
      username: 'alice',
    });
    expectMessage('users.role.warning', /permissions change.*log in again/);
  });
});

describe('checks before sending (product.md "Validation rules" ("Admin")): the contracts schemas the API uses too', () => {
  /** The key the popup shows for `values`: the first failed message in the spec's order, or null. */
  const check = (
    schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
    values: unknown,
  ) => {
    const issues = schema.safeParse(values).error?.issues ?? [];
    const first = firstAdminMessage(issues.map((issue) => issue.message));
    return issues.length === 0 ? null : `errors.${first}`;
  };
  const gameDraftError = (draft: GameDraft, mode: 'add' | 'edit') => check(gameForm(mode), draft);
  const packageDraftError = (draft: PackageDraft, mode: 'add' | 'edit') => check(packageForm(mode), draft);
  const addonDraftError = (draft: unknown) => check(addonBody, draft);
  const discountDraftError = (draft: unknown) => check(discountBody, draft);
  const imageFileError = (file: File) => gameDraftError({ ...game, image: file }, 'add');
  const png = (name = 'a.png', size = 10, type = 'image/png') =>
    new File([new Uint8Array(size)], name, { type });
  const game: GameDraft = {
    name: 'Minecraft',
    desktop: true,
    console: false,
    mobile: false,
    active: true,
    priority: 1,
    image: png(),
    thumbnail: png('t.webp', 10, 'image/webp'),
  };

  it('game: name, priority at least 1, one flag; files on add only', () => {
    expect(gameDraftError(game, 'add')).toBeNull();
    expect(gameDraftError({ ...game, name: '  ' }, 'add')).toBe('errors.emptyFields');
    expect(gameDraftError({ ...game, priority: 0 }, 'add')).toBe('errors.outOfRange');
    expect(gameDraftError({ ...game, priority: 99999999999 }, 'add')).toBe('errors.outOfRange');
    expect(gameDraftError({ ...game, priority: '' }, 'add')).toBe('errors.emptyFields');
    expect(gameDraftError({ ...game, desktop: false, active: false }, 'add')).toBe('errors.emptyFields');
    expect(gameDraftError({ ...game, desktop: false }, 'add')).toBeNull();
    expect(gameDraftError({ ...game, image: null }, 'add')).toBe('errors.noImage');
    expect(gameDraftError({ ...game, thumbnail: null }, 'add')).toBe('errors.noThumbnail');
    expect(gameDraftError({ ...game, image: null, thumbnail: null }, 'edit')).toBeNull();
  });

  it('images: png, jpeg or webp, at most the upload limit', () => {
    expect(imageFileError(png('x.JPG', 5, 'image/jpeg'))).toBeNull();
    expect(imageFileError(png('x.gif', 5, 'image/gif'))).toBe('errors.fileType');
    expect(imageFileError(png('x.png', 5, 'text/plain'))).toBe('errors.fileType');
    expect(imageFileError(png('x.png', UPLOAD_MAX_BYTES + 1))).toBe('errors.fileTooLarge');
    expect(gameDraftError({ ...game, image: png('x.svg', 5, 'image/svg+xml') }, 'edit')).toBe(
      'errors.fileType',
    );
  });

  const pkg: PackageDraft = {
    name: 'Starter',
    credits: 100,
    game: '1',
    target: '',
    nodes: [1],
    eggs: [5, 6],
    other_eggs: false,
    confirm_unlimited: false,
    thumbnail: png(),
    vcpu: '',
    io: 500,
    slots: '',
    storage: 10,
    ram: 2048,
    swap: 0,
    databases: 0,
    backups: 1,
    ports: 0,
    active: true,
  };

  it('package: required fields, thumbnail on add, a node and an egg', () => {
    expect(packageDraftError(pkg, 'add')).toBeNull();
    expect(packageDraftError({ ...pkg, credits: '' }, 'add')).toBe('errors.emptyFields');
    expect(packageDraftError({ ...pkg, game: null }, 'add')).toBe('errors.emptyFields');
    expect(packageDraftError({ ...pkg, ports: '' }, 'add')).toBe('errors.emptyFields');
    // Out of range or not whole is said as such (issue 44 part 3); "Fill in all fields" only when empty.
    expect(packageDraftError({ ...pkg, ram: -1 }, 'add')).toBe('errors.outOfRange');
    expect(packageDraftError({ ...pkg, credits: 999999999999999 }, 'add')).toBe('errors.outOfRange');
    expect(packageDraftError({ ...pkg, databases: 1.5 }, 'add')).toBe('errors.wholeNumber');
    expect(packageDraftError({ ...pkg, thumbnail: null }, 'add')).toBe('errors.noThumbnail');
    expect(packageDraftError({ ...pkg, thumbnail: null }, 'edit')).toBeNull();
    expect(packageDraftError({ ...pkg, nodes: [] }, 'add')).toBe('errors.noLocations');
    expect(packageDraftError({ ...pkg, eggs: [] }, 'edit')).toBe('errors.noNests');
    // The popup's own rules: the game's eggs (docs/decisions/437), unlimited CPU/RAM/storage confirmed (436).
    const dialog = packageDialogForm('add', { '1': [5, 6] });
    expect(check(dialog, { ...pkg, vcpu: 100 })).toBeNull();
    expect(check(dialog, { ...pkg, vcpu: 100, eggs: [5, 7] })).toBe('errors.eggOtherGame');
    expect(check(dialog, { ...pkg, vcpu: 100, eggs: [5, 7], other_eggs: true })).toBeNull();
    expect(check(dialog, pkg)).toBe('errors.confirmUnlimited');
    expect(check(dialog, { ...pkg, confirm_unlimited: true })).toBeNull();
  });

  it('add-on: fields, quantity at least 1, a package', () => {
    const addon = {
      name: 'Extra storage',
      creditsMonthly: 20,
      type: 'storage' as const,
      quantity: 10,
      packages: [3],
      active: true,
    };
    expect(addonDraftError(addon)).toBeNull();
    expect(addonDraftError({ ...addon, type: null })).toBe('errors.emptyFields');
    expect(addonDraftError({ ...addon, quantity: 0 })).toBe('errors.outOfRange');
    expect(addonDraftError({ ...addon, packages: [] })).toBe('errors.noPackages');
  });

  it('discount: fields, code characters, percentage above 0 and at most 100', () => {
    const discount = { code: 'SPRING-10', percentage: 10, validUntil: '2026-12-31' };
    expect(discountDraftError(discount)).toBeNull();
    expect(discountDraftError({ ...discount, validUntil: '' })).toBe('errors.emptyFields');
    expect(discountDraftError({ ...discount, code: 'NO SPACES' })).toBe('errors.invalidCode');
    expect(discountDraftError({ ...discount, percentage: 0 })).toBe('errors.invalidPercentage');
    expect(discountDraftError({ ...discount, percentage: 100.5 })).toBe('errors.invalidPercentage');
  });

  it("shows the first problem in the spec's order, whatever order the fields are in", () => {
    const discount = { code: 'NO SPACES', percentage: 0, validUntil: '' };
    expect(discountDraftError(discount)).toBe('errors.emptyFields');
    expect(discountDraftError({ ...discount, validUntil: '2026-12-31' })).toBe('errors.invalidCode');
    expect(packageDraftError({ ...pkg, nodes: [], eggs: [], ports: '' }, 'add')).toBe('errors.emptyFields');
    expect(packageDraftError({ ...pkg, nodes: [], eggs: [], thumbnail: null }, 'add')).toBe(
      'errors.noThumbnail',
    );
    expect(packageDraftError({ ...pkg, eggs: [], nodes: [] }, 'add')).toBe('errors.noLocations');
    expect(gameDraftError({ ...game, image: null, desktop: false, active: false }, 'add')).toBe(
      'errors.emptyFields',
    );
    expect(gameDraftError({ ...game, image: png('x.gif', 5, 'image/gif'), thumbnail: null }, 'add')).toBe(
      'errors.noThumbnail',
    );
  });

  it('NumberInput values become numbers or empty', () => {
    expect(numberValue(5)).toBe(5);
    expect(numberValue('')).toBe('');
    expect(numberValue('12')).toBe(12);
    expect(numberValue('-')).toBe('');
  });
});

describe('multipart bodies (product.md "Staff calls")', () => {
  const image = new File([new Uint8Array(3)], 'i.png', { type: 'image/png' });

  it('game: flags as true/false, files only when chosen, id on edit', () => {
    const draft: GameDraft = {
      name: ' Terraria ',
      desktop: true,
      console: false,
      mobile: true,
      active: true,
      priority: 3,
      image,
      thumbnail: null,
    };
    const add = gameFormData(draft);
    expect(add.get('id')).toBeNull();
    expect(Object.fromEntries([...add].filter(([, v]) => typeof v === 'string'))).toEqual({
      name: 'Terraria',
      desktop: 'true',
      console: 'false',
      mobile: 'true',
      active: 'true',
      priority: '3',
    });
    expect(add.get('image')).toBeInstanceOf(File);
    expect(add.has('thumbnail')).toBe(false);
    expect(gameFormData(draft, 7).get('id')).toBe('7');
    // Egg variable values (issue 28) go as one JSON object, trimmed; '' clears a value.
    const values = gameFormData({ ...draft, variables: { FIVEM_LICENSES: ' cfxk_1 ', STEAM_ACC: '' } }, 7);
    expect(JSON.parse(values.get('variables') as string)).toEqual({
      FIVEM_LICENSES: 'cfxk_1',
      STEAM_ACC: '',
    });
  });

  it('package: node and egg ids as JSON, empty unlimited fields, target on add only', () => {
    const draft: PackageDraft = {
      name: 'Custom',
      credits: 12.5,
      game: '2',
      target: 'alice',
      nodes: [1, 4],
      eggs: [9],
      other_eggs: true,
      confirm_unlimited: true,
      thumbnail: image,
      vcpu: '',
      io: 500,
      slots: '',
      storage: 20,
      ram: '',
      swap: 0,
      databases: 1,
      backups: 2,
      ports: 0,
      active: false,
    };
    const add = packageFormData(draft);
    expect(add.get('nodes')).toBe('[1,4]');
    expect(add.get('eggs')).toBe('[9]');
    expect(add.get('target')).toBe('alice');
    expect(add.get('vcpu')).toBe('');
    expect(add.get('credits')).toBe('12.5');
    expect(add.get('active')).toBe('false');
    expect(add.get('thumbnail')).toBeInstanceOf(File);
    const edit = packageFormData({ ...draft, thumbnail: null }, 5);
    expect(edit.get('id')).toBe('5');
    expect(edit.has('target')).toBe(false);
    expect(edit.has('thumbnail')).toBe(false);
  });
});

describe('rows', () => {
  it('search ignores case and matches any of the fields', () => {
    const rows = [
      { name: 'Starter', game: 'Minecraft' },
      { name: 'Pro', game: 'Terraria' },
    ];
    expect(filterRows(rows, 'mine', (r) => [r.name, r.game])).toEqual([rows[0]]);
    expect(filterRows(rows, 'PRO', (r) => [r.name, r.game])).toEqual([rows[1]]);
    expect(filterRows(rows, '  ', (r) => [r.name])).toEqual(rows);
  });

  it('servers: panel link by identifier; status green when running, red otherwise, or suspended', () => {
    expect(panelLink('https://panel.example/', { identifier: 'abc123' })).toBe(
      'https://panel.example/server/abc123',
    );
    expect(panelLink('https://panel.example', { identifier: null })).toBeNull();
    expect(statusBadge({ status: 'running', suspended: false })).toEqual({
      kind: 'status',
      color: 'green',
      key: 'servers.status.running',
    });
    expect(statusBadge({ status: 'offline', suspended: false }).color).toBe('red');
    expect(statusBadge({ status: 'pending', suspended: false })).toEqual({
      kind: 'status',
      color: 'red',
      key: null,
    });
    const suspended = statusBadge({ status: 'running', suspended: true });
    expect(suspended.kind).toBe('suspended');
    expectMessage(suspended.key!, 'Suspended');
    expectMessage('servers.status.running', 'Running');
  });

  it('status labels of the staff lists are capitalised like "Active", in every language (issue 44)', () => {
    const keys = [
      'status.active',
      'status.inactive',
      'servers.suspended',
      'servers.grace',
      'discounts.valid',
      'discounts.expired',
      'packages.custom',
      ...Object.keys(en.servers.status).map((state) => `servers.status.${state}`),
    ];
    for (const lng of ['en', 'cs', 'sk', 'de', 'fr'])
      for (const key of keys) {
        const label = i18n.t(key, { ns: 'admin', lng, date: '1. 1. 2027' });
        expect(label.charAt(0), `${lng} ${key}: ${label}`).toBe(label.charAt(0).toLocaleUpperCase(lng));
        expect(label, `${lng} ${key}`).not.toBe(key);
      }
  });

  it('option groups: nodes by location, eggs by nest, packages by game; empty groups left out', () => {
    expect(
      nodeOptions([
        { id: 1, long: 'Falkenstein', nodes: [{ id: 3, name: 'fsn-1' }] },
        { id: 2, long: 'Empty', nodes: [] },
      ]),
    ).toEqual([{ group: 'Falkenstein', items: [{ value: '3', label: 'fsn-1' }] }]);
    expect(eggOptions([{ id: 1, name: 'Minecraft', eggs: [{ id: 5, name: 'Paper' }] }])).toEqual([
      { group: 'Minecraft', items: [{ value: '5', label: 'Paper' }] },
    ]);
    const row = { credits_monthly: 1, ram_size: 1024 };
    expect(
      packageOptions([
        { ...row, id: 1, name: 'A', games_id: 1, game_name: 'Minecraft' },
        { ...row, id: 2, name: 'B', games_id: 2, game_name: 'Terraria' },
        { ...row, id: 3, name: 'C', games_id: 1, game_name: 'Minecraft' },
      ]),
    ).toEqual([
      {
        group: 'Minecraft',
        items: [
          { value: '1', label: 'A' },
          { value: '3', label: 'C' },
        ],
      },
      { group: 'Terraria', items: [{ value: '2', label: 'B' }] },
    ]);
  });
});

describe('audit log', () => {
  it('lists only the fields whose values differ, before → after', () => {
    expect(
      changedFields(
        { id: 4, name: 'Starter', credits_monthly: 100, nodes: [1, 2], active: true },
        { id: 4, name: 'Starter', credits_monthly: 120, nodes: [1, 2], active: false },
      ),
    ).toEqual([
      { field: 'credits_monthly', before: 100, after: 120 },
      { field: 'active', before: true, after: false },
    ]);
    expect(changedFields(null, { id: 1, code: 'X' })).toEqual([
      { field: 'code', before: undefined, after: 'X' },
    ]);
    expect(changedFields({ id: 1, role: 'admin' }, null)).toEqual([
      { field: 'role', before: 'admin', after: undefined },
    ]);
    const dateTime = (iso: string) => `time:${iso}`;
    expect(auditValue(undefined, dateTime)).toBe('—');
    expect(auditValue(null, dateTime)).toBe('—');
    expect(auditValue([1, 2], dateTime)).toBe('[1,2]');
    expect(auditValue('x'.repeat(100), dateTime)).toHaveLength(60);
    // A time (a discount's valid_until) in the page's language, never the raw ISO text.
    expect(auditValue('2026-12-31T22:59:59.999Z', dateTime)).toBe('time:2026-12-31T22:59:59.999Z');
    expect(auditValue('2026-12-31', dateTime)).toBe('2026-12-31');
    expectMessage('audit.actions.role', 'role changed');
    expectMessage('audit.record', 'Package #4', { entity: 'Package', id: '4' });
  });
});
