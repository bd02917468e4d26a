import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PackageOrderSelection, useOrderPackageForm } from '../hooks/use-order-package-form';
import { BillingAddressFields } from './billing-address-fields';
import { DiscountCodeInput } from './discount-code-input';
import { OrderColumn } from './order-column';
import { PaymentColumn } from './payment-column';
import { ReferrerInput } from './referrer-input';

interface Props {
  selection: PackageOrderSelection;
  /** Cancel or close: back to the package overview */
  onCancel: () => void;
  /** the order was accepted; the browser is leaving for the payment */
  onOrdered: () => void;
}

/**
 * The order-package dialog (product.md "Order-package dialog", "Validation rules", "Error catalogue"
 * ("Order dialog checks"; "Order dialog")): full screen, three columns (discounts, billing, payment). A
 * server billed monthly by card: the first month is paid at Mollie's checkout (POST order-package answers its
 * link), later months by subscription.
 */
export default function OrderPackageDialog({ selection, onCancel, onOrdered }: Props) {
  const { t } = useTranslation('store');
  const { pkg, addons } = selection;
  const order = useOrderPackageForm(selection, onOrdered);
  const { form } = order;
  const { values } = form;

  return (
    <Modal
      opened
      fullScreen
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
      title={t('orderPackage.title', { name: pkg.name })}
    >
      <form
        data-testid="order-package"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void order.pay.run();
        }}
      >
        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <OrderColumn title={t('orderPackage.discounts')}>
            <ReferrerInput
              value={values.referrer}
              onChange={(name) => form.setFieldValue('referrer', name)}
            />
            <DiscountCodeInput
              value={values.discountCode}
              onChange={(code) => form.setFieldValue('discountCode', code)}
              discount={order.discount}
            />
            <TextInput
              label={t('overview.serverName')}
              placeholder={t('overview.serverNamePlaceholder')}
              {...form.getInputProps('name')}
              error={!!form.errors.name}
              maxLength={50}
              required
            />
          </OrderColumn>
          <OrderColumn title={t('orderPackage.billing')}>
            <BillingAddressFields field={(name) => form.getInputProps(name)} cols={1} />
          </OrderColumn>
          <PaymentColumn pkg={pkg} addons={addons} order={order} onCancel={onCancel} />
        </SimpleGrid>
      </form>
    </Modal>
  );
}
