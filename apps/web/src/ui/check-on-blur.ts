import type { UseFormInput } from '@mantine/form';

/**
 * A form's `enhanceGetInputProps` that checks a field as it is left, once typed in: an amount says
 * at once what is wrong with it (a 0, a minus sign, centimes), since the field keeps what was typed.
 * Not before: a dialog opens focused on its first field, and an error shown as the user clicks
 * elsewhere would shift the layout under the pointer. Without `fields`, every field.
 */
export function checkOnBlur<Values>(
  fields?: readonly string[],
): NonNullable<UseFormInput<Values>['enhanceGetInputProps']> {
  return ({ field, form }) => {
    if (fields && !fields.includes(String(field))) return undefined;
    return {
      onBlur: () => {
        if (form.isDirty(field)) form.validateField(field);
      },
    };
  };
}
