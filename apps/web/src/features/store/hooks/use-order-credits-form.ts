import { creditsOrderPrice, type PaymentMethod } from '@falkenhost/contracts/money';
import { ORDER_RESUME, type OrderCreditsBody, orderCreditsBody } from '@falkenhost/contracts/store';
import { useState } from 'react';
import { useThrottledAction } from '@/hooks/use-throttled-action';
import { orderCredits } from '../api/store';
import { type AddressValues, emptyAddress } from '../components/billing-address-fields';
import { type ErrorText, orderCreditsError } from '../utils/errors';
import { ORDER_CREDITS_CHECK_KEYS, orderCheckKey } from '../utils/order-checks';
import { useOrderForm } from './use-order-form';

/** What the form holds: the body of POST order-credits as typed (the amount '' while empty). */
interface CreditsFormValues extends AddressValues {
  referrer: string;
  discountCode: string;
  creditsAmount: number | string;
  paymentMethod: PaymentMethod;
}

/**
 * The credits amount rule of the contracts (integer 25 to 25000, product.md "Validation rules",
 * "Business constants and limits").
 */
const amountRule = orderCreditsBody.shape.creditsAmount;

/**
 * The order-credits dialog's form and its payment (product.md "Validation rules", "Error catalogue"
 * ("Credit order")): validated by the contracts'
 * `orderCreditsBody`, the schema the API checks the order with; the first failing check in the spec's
 * order is the dialog's error line; Pay is throttled to one a second and leaves for Mollie's checkout.
 * @param initialAmount the credits the dialog opens with
 * @param onClose closes the dialog; `ordered` when the order was accepted (the browser leaves for Mollie)
 * @param resume the credits are bought for an order refused for too few: the checkout returns with the
 *   marker that reopens it (decision 430)
 * @returns the `form`, the `discount` verification, the `amount` checked by the contracts' rule, its
 *   `price` (null while the amount is refused), the `error` line and `pay`
 */
export function useOrderCreditsForm(
  initialAmount: number,
  onClose: (ordered?: boolean) => void,
  resume = false,
) {
  const [error, setError] = useState<ErrorText | null>(null);
  const { form, discount, bodyOf } = useOrderForm<CreditsFormValues, OrderCreditsBody>(
    {
      referrer: '',
      discountCode: '',
      creditsAmount: initialAmount,
      ...emptyAddress(),
      paymentMethod: 'creditCard',
    },
    orderCreditsBody,
    (values, referrer) => ({
      ...values,
      referrer,
      creditsAmount: (values.creditsAmount === '' ? undefined : Number(values.creditsAmount)) as number,
    }),
  );

  const amount = amountRule.safeParse(form.values.creditsAmount);
  const method = form.values.paymentMethod;
  const discountBp = discount.status === 'valid' ? Math.round(discount.percentage * 100) : 0;
  const price = amount.success ? creditsOrderPrice(amount.data, discountBp, method) : null;

  const pay = useThrottledAction(async () => {
    setError(null);
    const checked = form.validate();
    const failed = orderCheckKey(checked.errors, ORDER_CREDITS_CHECK_KEYS);
    if (failed) return setError({ key: failed });
    const body = orderCreditsBody.parse(bodyOf(form.getValues()));
    const result = await orderCredits(resume ? { ...body, resume: ORDER_RESUME } : body);
    if (result.ok && result.data?.link) {
      onClose(true);
      window.location.href = result.data.link;
      return;
    }
    setError(orderCreditsError(result));
  });

  return { form, discount, amount, price, error, pay };
}
