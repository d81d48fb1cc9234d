import { DIGIT_GROUP, FCFA_SUFFIX } from '@app/shared';
import { NumberInput, type NumberInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<
  NumberInputProps,
  'thousandSeparator' | 'decimalSeparator' | 'allowDecimal' | 'decimalScale' | 'suffix' | 'prefix'
>;

/**
 * An amount field in whole FCFA, written as formatFCFA writes amounts ('1 250 000 FCFA'): the
 * same digit-group space, the unit attached. Every amount the app asks for goes through it.
 */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <NumberInput
      thousandSeparator={DIGIT_GROUP}
      suffix={FCFA_SUFFIX}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      min={0}
      {...props}
    />
  );
}
