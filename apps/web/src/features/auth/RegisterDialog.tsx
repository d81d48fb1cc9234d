import { passwordPolicyHint, passwordProblem, type RegisterBody, registerBodySchema } from '@app/shared';
import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { registerAccount } from '../../data/auth.ts';
import { publicSettingsQuery } from '../../data/settings.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { RESET_FALLBACK_POLICY } from './auth-messages.ts';

interface RegisterValues extends RegisterBody {
  confirm: string;
}

const EMPTY: RegisterValues = { nom: '', prenoms: '', email: '', telephone: '', password: '', confirm: '' };
const schemaErrors = schemaResolver(registerBodySchema, { sync: true });

/**
 * 'Créer un compte' (issue 26, spec 1 §7): a prospect's demandeur account, his names, e-mail,
 * phone and a password by the settings' policy. The server mails a verification link; the toast
 * says so, and the account signs in once the link is opened.
 */
export function RegisterDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const policy = useQuery(publicSettingsQuery()).data?.security ?? RESET_FALLBACK_POLICY;
  const save = useMutation({ mutationFn: registerAccount });
  const form = useForm<RegisterValues>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [field, message] of Object.entries(schemaErrors(values as never))) {
        if (message) errors[field] = String(message);
      }
      const problem = values.password ? passwordProblem(values.password, policy) : null;
      if (problem) errors.password = problem;
      if (!values.confirm) errors.confirm = 'Veuillez confirmer le mot de passe';
      else if (values.confirm !== values.password) errors.confirm = 'Les mots de passe ne correspondent pas';
      return errors;
    },
  });

  const submit = () => {
    if (form.validate().hasErrors) return undefined;
    const { confirm: _confirm, ...values } = form.getValues();
    return save.mutateAsync(registerBodySchema.parse(values));
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={() => form.reset()}
      title="Créer un compte"
      save={save}
      failure="Erreur lors de l’inscription"
      onSubmit={submit}
      onFieldErrors={form.setErrors}
      submitLabel="Créer mon compte"
    >
      <Text size="sm" c="dimmed">
        Votre compte vous permet de déposer vos demandes et de les suivre. Un lien de vérification vous sera envoyé par
        e-mail.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Nom"
          withAsterisk
          autoComplete="family-name"
          key={form.key('nom')}
          {...form.getInputProps('nom')}
        />
        <TextInput
          label="Prénoms"
          withAsterisk
          autoComplete="given-name"
          key={form.key('prenoms')}
          {...form.getInputProps('prenoms')}
        />
      </SimpleGrid>
      <TextInput
        label="E-mail"
        type="email"
        withAsterisk
        autoComplete="email"
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <TextInput
        label="Téléphone"
        type="tel"
        withAsterisk
        autoComplete="tel"
        description="Par exemple +225 07 12 34 56 78"
        key={form.key('telephone')}
        {...form.getInputProps('telephone')}
      />
      <PasswordField
        label="Mot de passe"
        withAsterisk
        autoComplete="new-password"
        description={passwordPolicyHint(policy)}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordField
        label="Confirmer le mot de passe"
        withAsterisk
        autoComplete="new-password"
        key={form.key('confirm')}
        {...form.getInputProps('confirm')}
      />
    </FormModal>
  );
}
