import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { type AddressValues, defaultCountry } from '../components/billing-address-fields';
import { useOrderReferrer } from '../components/referrer-input';
import { orderFormErrors } from '../utils/order-checks';
import { type DiscountState, useDiscountCheck } from './use-discount-check';

/** The fields every order form holds besides its own: the referrer, the discount code and the address. */
interface OrderFormValues extends AddressValues {
  referrer: string;
  discountCode: string;
}

/**
 * The form of an order dialog (product.md "Screens and routes", "Validation rules" ("Order dialog checks")),
 * shared by the order-credits and the order-package dialogs: checked by the contracts' `schema` of the
 * request's body, with the referrer as the order sends it (useOrderReferrer) and the discount code's latest
 * verification (useDiscountCheck). The country is filled from the browser's language after mounting.
 * @param initialValues the form's values when the dialog opens
 * @param schema the contracts' schema the API checks the request with
 * @param toBody the request's body of the form's values and the referrer to send
 * @returns the `form`, the `discount` code's verification and `bodyOf(values)`, the body as sent now
 */
export function useOrderForm<Values extends OrderFormValues, Body extends { discountCode?: string }>(
  initialValues: Values,
  schema: z.ZodType,
  toBody: (values: Values, referrer: string) => Body,
) {
  // The form's rule on the discount reads the latest verification (the hook below).
  const discountStatus = useRef<DiscountState['status']>('empty');
  const referrerSend = useRef('');
  const bodyOf = (values: Values) => toBody(values, referrerSend.current);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => orderFormErrors(schema, bodyOf(values), discountStatus.current),
  });
  const referrer = useOrderReferrer(form.values.referrer);
  referrerSend.current = referrer.send;
  const discount = useDiscountCheck(form.values.discountCode);
  discountStatus.current = discount.status;

  // The browser's country is read after mounting (the server renders no browser). `as never`: the
  // values' type is open here; their country is AddressValues' string.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the dialog opens
  useEffect(() => {
    if (!form.getValues().country) form.setFieldValue('country', defaultCountry() as never);
  }, []);

  return { form, discount, bodyOf };
}
