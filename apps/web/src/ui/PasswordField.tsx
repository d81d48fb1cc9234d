import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import classes from './PasswordField.module.css';

/**
 * Password input with a keyboard-reachable show/hide toggle named in French. A required field
 * gets its asterisk from CSS and `aria-required`, so the label text is exactly the field name.
 */
export function PasswordField({ withAsterisk, required, labelProps, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const isRequired = !!(withAsterisk || required);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe',
        title: visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe',
      }}
      aria-required={isRequired || undefined}
      labelProps={{ ...labelProps, className: isRequired ? classes.requiredLabel : undefined }}
      {...props}
    />
  );
}
