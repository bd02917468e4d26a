import { ADDON_TYPES, type AddonType } from '@falkenhost/contracts/constants';
import {
  centsToEur,
  creditsToUnits,
  eurPrice,
  monthlyEurPrice,
  unitsToCredits,
} from '@falkenhost/contracts/money';
import { packageByCreditsBody, type StoreAddon, type StorePackage } from '@falkenhost/contracts/store';
import {
  Alert,
  Button,
  Divider,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EggVariableInputs } from '@/components/egg-variable-inputs';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { type VariableText, variableAnswerTexts, variableValueText } from '@/lib/egg-variables';
import { useFormatters } from '@/lib/format';
import {
  packageByCredits,
  useEggNames,
  usePackageAddons,
  usePackageLocations,
  usePackageVariables,
} from '../api/store';
import { type ErrorText, packageByCreditsError } from '../utils/errors';
import { orderCheckKey, orderFormErrors, PACKAGE_BY_CREDITS_CHECK_KEYS } from '../utils/order-checks';

// The order-package dialog loads when Buy monthly is first pressed.
const OrderPackageDialog = lazy(() => import('./order-package-dialog'));

/** What the overview's form holds: the choices of an order (ids as the selects give them). */
interface OverviewFormValues {
  eggId: string | null;
  locationId: string | null;
  serverName: string;
  /** the chosen add-on id per add-on type, at most one each */
  addons: Partial<Record<AddonType, string | null>>;
}

interface Props {
  pkg: StorePackage;
  onClose: () => void;
}

/** The package overview dialog (spec 2 "Package overview dialog"). */
export default function PackageOverviewDialog({ pkg, onClose }: Props) {
  const { t } = useTranslation('store');
  const format = useFormatters();
  const navigate = useNavigate();
  const eggNames = useEggNames();
  const addons = usePackageAddons(pkg.id);
  const locations = usePackageLocations(pkg.id);
  const packageVariables = usePackageVariables(pkg.id);
  const form = useForm<OverviewFormValues>({
    mode: 'controlled',
    initialValues: {
      eggId: pkg.eggs.length === 1 ? String(pkg.eggs[0]) : null,
      locationId: null,
      serverName: '',
      addons: {},
    },
    // A purchase by credits is checked by the contracts' packageByCreditsBody (the API's schema).
    validate: (values) =>
      orderFormErrors(
        packageByCreditsBody,
        {
          serverName: values.serverName,
          packageId: pkg.id,
          eggId: Number(values.eggId),
          locationId: Number(values.locationId),
          addonIds: [],
        },
        'empty',
      ),
  });
  const { eggId, locationId, serverName, addons: chosen } = form.values;
  const [error, setError] = useState<ErrorText | null>(null);
  // Egg variables the customer gives (issue 28), kept by env name when the egg changes.
  const [variableValues, setVariableValues] = useState<Record<string, string>>({});
  const [variableErrors, setVariableErrors] = useState<ReadonlyMap<string, VariableText>>(new Map());
  // While the order-package dialog is open this one hides, keeping its choices for Cancel.
  const [ordering, setOrdering] = useState(false);

  const addonsByType = useMemo(() => {
    const groups = new Map<AddonType, StoreAddon[]>();
    for (const addon of addons.data ?? []) groups.set(addon.type, [...(groups.get(addon.type) ?? []), addon]);
    return ADDON_TYPES.flatMap((type) => {
      const list = groups.get(type);
      return list ? [{ type, list }] : [];
    });
  }, [addons.data]);

  const chosenAddons = (addons.data ?? []).filter((addon) => chosen[addon.type] === String(addon.id));
  // Prices come from the contracts' money module: credit units in, cents out.
  const totalUnits =
    creditsToUnits(pkg.credits_monthly) +
    chosenAddons.reduce((sum, addon) => sum + creditsToUnits(addon.credits_monthly), 0);
  const totalEur = centsToEur(eurPrice(totalUnits));
  const monthlyEur = centsToEur(monthlyEurPrice(totalUnits));
  const totalCredits = unitsToCredits(totalUnits);
  const ready = !!eggId && !!locationId;

  const variableFields = eggId ? (packageVariables.data?.[eggId] ?? []) : [];
  const variables = Object.fromEntries(
    variableFields.map((field) => [field.env_variable, (variableValues[field.env_variable] ?? '').trim()]),
  );
  // Both buy buttons wait for the egg's variables and for each value to pass the egg's own rules; if
  // the list cannot be loaded the order goes without, and the server's 400 variable answer says what.
  const variablesReady =
    !packageVariables.isPending &&
    variableFields.every((field) => variableValueText(field, variables[field.env_variable] ?? '') === null);
  const changeVariable = (key: string, value: string) => {
    setVariableValues((current) => ({ ...current, [key]: value }));
    setVariableErrors((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  };

  const unlimited = t('overview.unlimited');
  const resource = (amount: number, key: string, zeroUnlimited = true) =>
    amount === 0 && zeroUnlimited ? unlimited : t(key, { value: format.number(amount) });
  const resources = [
    { key: 'cpu', value: resource(pkg.vcpu, 'units.percent') },
    { key: 'ram', value: resource(pkg.ram_size, 'units.mb') },
    { key: 'storage', value: resource(pkg.storage_size, 'units.gb') },
    { key: 'databases', value: format.number(pkg.databases) },
    { key: 'backups', value: format.number(pkg.backups) },
    { key: 'ports', value: format.number(pkg.ports) },
    { key: 'slots', value: pkg.slots === 0 ? unlimited : format.number(pkg.slots) },
    { key: 'bandwidth', value: unlimited },
  ];

  const buy = useThrottledAction(async () => {
    setError(null);
    if (!eggId || !locationId) return;
    const failed = orderCheckKey(form.validate().errors, PACKAGE_BY_CREDITS_CHECK_KEYS);
    if (failed) return setError({ key: failed });
    const result = await packageByCredits({
      serverName: serverName.trim(),
      packageId: pkg.id,
      eggId: Number(eggId),
      locationId: Number(locationId),
      addonIds: JSON.stringify(chosenAddons.map((addon) => addon.id)),
      variables,
    });
    if (result.ok && result.data) {
      onClose();
      const link = result.data.link;
      if (/^https?:\/\//.test(link)) window.location.href = link;
      else navigate(link);
      return;
    }
    setVariableErrors(variableAnswerTexts(result, variableFields) ?? new Map());
    setError(packageByCreditsError(result, variableFields));
  });

  const eggOptions = pkg.eggs.map((id) => ({
    value: String(id),
    label: eggNames.data?.get(id) ?? t('overview.egg', { id }),
  }));
  const locationOptions = (locations.data ?? []).map((location) => ({
    value: String(location.id),
    label: `${location.code} - ${location.name}`,
  }));

  return (
    <>
      <Modal
        opened={!ordering}
        onClose={onClose}
        closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
        size="xl"
        title={t('overview.title')}
      >
        <Stack gap="lg" data-testid="package-overview">
          <Group gap="md" wrap="nowrap">
            <Image src={pkg.thumbnail_url} alt="" w={72} h={72} radius="md" />
            <Stack gap={2}>
              <Title order={2} fz="xl">
                {pkg.name}
              </Title>
              <Text c="dark.0" size="sm">
                {pkg.game_name}
              </Text>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
            {resources.map((row) => (
              <Stack key={row.key} gap={0} p="xs" bg="dark.6" style={{ borderRadius: 8 }}>
                <Text component="dt" size="xs" c="dark.0" tt="uppercase" fw={700}>
                  {t(`overview.resources.${row.key}`)}
                </Text>
                <Text component="dd" fw={700} m={0}>
                  {row.value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('overview.eggLabel')}
              placeholder={t('overview.eggPlaceholder')}
              data={eggOptions}
              {...form.getInputProps('eggId')}
              required
              allowDeselect={false}
            />
            <Select
              label={t('overview.locationLabel')}
              placeholder={locations.isPending ? t('overview.loading') : t('overview.locationPlaceholder')}
              data={locationOptions}
              {...form.getInputProps('locationId')}
              required
              allowDeselect={false}
              disabled={locations.isPending}
            />
            <TextInput
              label={t('overview.serverName')}
              placeholder={t('overview.serverNamePlaceholder')}
              {...form.getInputProps('serverName')}
              error={!!form.errors.serverName}
              maxLength={50}
              required
            />
            <EggVariableInputs
              fields={variableFields}
              values={variableValues}
              onChange={changeVariable}
              serverErrors={variableErrors}
              testId="order-variable"
            />
            {addonsByType.map(({ type, list }) => (
              <Select
                key={type}
                label={t(`overview.addon.${type}`)}
                placeholder={t('overview.addonNone')}
                clearable
                data={list.map((addon) => ({
                  value: String(addon.id),
                  label: t('overview.addonOption', {
                    name: addon.name,
                    eur: format.eur(addon.eur_price),
                    ...format.wholeCredits(addon.credits_monthly),
                  }),
                }))}
                value={chosen[type] ?? null}
                onChange={(value) => form.setFieldValue(`addons.${type}`, value)}
              />
            ))}
          </SimpleGrid>
          <Divider />
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" c="dark.0">
                {t('overview.packagePrice', {
                  eur: format.eur(pkg.eur_price),
                  ...format.wholeCredits(pkg.credits_monthly),
                })}
              </Text>
              <Text fw={800} fz="lg" data-testid="overview-total">
                {t('overview.total', { eur: format.eur(totalEur), ...format.wholeCredits(totalCredits) })}
              </Text>
            </Stack>
          </Group>
          {error && (
            <Alert color="red" role="alert" title={t('errors.title')}>
              {error.raw ?? t(error.key, error.values)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('overview.cancel')}
            </Button>
            <Button
              variant="light"
              disabled={!ready || !variablesReady}
              onClick={() => {
                setError(null);
                setOrdering(true);
              }}
              aria-label={t('overview.buyMonthlyAria', {
                price: format.eur(monthlyEur),
                total: format.eur(totalEur),
              })}
              // The label and the struck total wrap inside the button at 360 px instead of being cut.
              h="auto"
              mih={36}
              py={6}
              maw="100%"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
            >
              <Group gap={6} component="span" wrap="wrap" justify="center">
                <span>{t('overview.buyMonthly', { price: format.eur(monthlyEur) })}</span>
                {/* Mantine's Text resets text-decoration, so the strike is set again (spec 2). */}
                <Text component="s" size="sm" c="dark.0" td="line-through" data-testid="overview-full-price">
                  {format.eur(totalEur)}
                </Text>
              </Group>
            </Button>
            <Button
              disabled={!ready || !variablesReady || addons.isPending || locations.isPending}
              loading={buy.busy}
              onClick={() => void buy.run()}
            >
              {t('overview.buyCredits', format.wholeCredits(totalCredits))}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Suspense fallback={null}>
        {ordering && eggId && locationId && (
          <OrderPackageDialog
            selection={{
              pkg,
              eggId: Number(eggId),
              locationId: Number(locationId),
              addons: chosenAddons,
              serverName,
              variables,
              variableFields,
            }}
            onCancel={() => setOrdering(false)}
            onOrdered={onClose}
          />
        )}
      </Suspense>
    </>
  );
}
