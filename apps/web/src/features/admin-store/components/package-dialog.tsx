import {
  type AdminPackage,
  type AdminPackagesAdditionalData,
  packageDialogForm,
} from '@falkenhost/contracts/admin';
import { TOAST_SHORT_MS } from '@falkenhost/contracts/constants';
import { Alert, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/admin/form-dialog';
import { useFieldProblems, useFieldProps, useStaffForm } from '@/components/admin/staff-form';
import { useNotice } from '@/hooks/use-notice';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { savePackage } from '../api/packages';
import { useOwnersConfirm } from '../hooks/use-owners-confirm';
import { useStoreChange } from '../hooks/use-store-change';
import { packageErrorKey } from '../utils/errors';
import { type NumberDraft, PACKAGE_SIZE_FIELDS, type PackageDraft } from '../utils/form-data';
import { PackageDetailsFields, PackageTechnicalFields } from './package-fields';
import { PackageSlotsNote } from './package-slots-note';
import { PackageUnlimitedNote } from './package-unlimited-note';

/** Defaults of a new package (product.md "Business constants and limits": io 500, swap 0). */
const NEW_PACKAGE: PackageDraft = {
  name: '',
  credits: '',
  game: null,
  target: '',
  nodes: [],
  eggs: [],
  other_eggs: false,
  confirm_unlimited: false,
  thumbnail: null,
  vcpu: '',
  io: 500,
  slots: '',
  storage: '',
  ram: '',
  swap: 0,
  databases: '',
  backups: '',
  ports: '',
  active: true,
};

/** An unlimited resource (0) shows as an empty field. */
const orEmpty = (value: number): NumberDraft => (value === 0 ? '' : value);

function draftOf(pkg: AdminPackage | null): PackageDraft {
  if (!pkg) return NEW_PACKAGE;
  return {
    name: pkg.name,
    credits: pkg.credits_monthly,
    game: String(pkg.game_id),
    target: pkg.users_username ?? '',
    nodes: pkg.nodes,
    eggs: pkg.eggs,
    other_eggs: false,
    confirm_unlimited: false,
    thumbnail: null,
    vcpu: orEmpty(pkg.vcpu),
    io: pkg.io,
    slots: orEmpty(pkg.slots),
    storage: orEmpty(pkg.storage_size),
    ram: orEmpty(pkg.ram_size),
    swap: pkg.swap,
    databases: pkg.databases,
    backups: pkg.backups,
    ports: pkg.ports,
    active: pkg.active,
  };
}

interface Props {
  /** the package to edit; null to add one */
  pkg: AdminPackage | null;
  /** games, locations with nodes and nests with eggs to choose from */
  choices: AdminPackagesAdditionalData;
  onClose: () => void;
}

/** The form's fields a refusal may name (the API's `errors[].path`), each with its label key. */
const FIELDS = [
  'name',
  'credits',
  'game',
  'target',
  'nodes',
  'eggs',
  'thumbnail',
  ...PACKAGE_SIZE_FIELDS,
] as const;

/**
 * The package popup (product.md "Staff screens"), two columns. Details: name, price in credits, game, target
 * username (add only, read-only on edit), nodes grouped by location, eggs grouped by nest, thumbnail.
 * Technical: vcpu, io, slots, storage, ram, swap, databases, backups, ports (empty vcpu, slots, storage
 * or ram is unlimited, said before saving and confirmed for CPU, RAM and storage: docs/decisions/436) and
 * active. Eggs are the chosen game's unless staff tick "other games" (docs/decisions/437). A custom package
 * cannot be edited; an edit asks first with the owners count, as a change reaches the existing owners.
 * Checked by the API's own `packageForm` (product.md "Validation rules": all fields, then the thumbnail on
 * add, a location, an egg; numbers in range, docs/decisions/435); every refusal, the server's too, shows on
 * its field.
 */
export function PackageDialog({ pkg, choices, onClose }: Props) {
  const { t } = useTranslation('admin');
  const mode = pkg ? 'edit' : 'add';
  const locked = !!pkg && pkg.users_username !== null;
  const form = useStaffForm<PackageDraft>(draftOf(pkg), packageDialogForm(mode, choices.game_eggs));
  const field = useFieldProps(form);
  const problems = useFieldProblems(form, FIELDS, (name) =>
    t(name === 'confirm_unlimited' ? 'packages.unlimitedNote.title' : `packages.fields.${name}`),
  );
  const notice = useNotice('admin', TOAST_SHORT_MS);
  const change = useStoreChange();
  const ownersConfirm = useOwnersConfirm('packages', 'package-owners');

  const send = async () => {
    const saved = await change(
      savePackage(form.getValues(), pkg?.id),
      (answer) => problems.answered(answer) ?? packageErrorKey(answer, mode),
      mode === 'add' ? 'packages.toast.added' : 'packages.toast.updated',
    );
    if (saved) onClose();
  };
  // The confirmed save of an edit (the submit's throttle has already run for that click).
  const save = useThrottledAction(send);

  // Checking, and adding at once, are throttled too: a second click within the second does nothing.
  const submit = useThrottledAction(async () => {
    if (locked) return;
    const problem = problems.check();
    if (problem) return notice('error', problem.key, problem.values);
    if (!pkg) return send();
    ownersConfirm.confirm(pkg.name, pkg.packages_ordered, () => void save.run());
  });

  return (
    <FormDialog
      title={pkg ? t('packages.editTitle', { name: pkg.name }) : t('packages.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit.run()}
      closeOnEscape={!ownersConfirm.open}
      size="70rem"
      gap="lg"
      testId="package-form"
      submitTestId="package-save"
      submitDisabled={locked}
      busy={save.busy || submit.busy}
    >
      {locked && (
        <Alert color="yellow" role="note" data-testid="package-custom-locked">
          {t('packages.customLocked', { username: pkg?.users_username ?? '' })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <PackageDetailsFields form={form} field={field} locked={locked} pkg={pkg} choices={choices} />
        <PackageTechnicalFields form={form} field={field} locked={locked} />
      </SimpleGrid>
      <PackageUnlimitedNote form={form} field={field} locked={locked} />
      <PackageSlotsNote
        choices={choices}
        gameId={form.values.game}
        eggIds={form.values.eggs}
        slots={form.values.slots}
      />
    </FormDialog>
  );
}
