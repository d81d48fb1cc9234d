import { DIGIT_GROUP, FCFA_SUFFIX } from '@app/shared';
import { NumberInput, type NumberInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<
  NumberInputProps,
  | 'thousandSeparator'
  | 'decimalSeparator'
  | 'allowDecimal'
  | 'allowNegative'
  | 'decimalScale'
  | 'suffix'
  | 'prefix'
  | 'min'
  | 'max'
  | 'clampBehavior'
>;

/**
 * An amount field in FCFA, written as formatFCFA writes amounts ('1 250 000 FCFA'): the same
 * digit-group space, the unit attached. Every amount the app asks for goes through it.
 *
 * It never changes what was typed: no bounds to clamp to, and a minus sign or decimals stay
 * (0, -5 or 12,5 FCFA), so that the form's schema says under the field what is wrong, instead
 * of a slip of the finger becoming another, valid amount.
 */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <NumberInput
      thousandSeparator={DIGIT_GROUP}
      decimalSeparator=","
      suffix={FCFA_SUFFIX}
      clampBehavior="none"
      hideControls
      {...props}
    />
  );
}
