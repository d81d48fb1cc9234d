import { type Settings, type SettingsGroup, settingsSchema } from '@app/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { ApiError } from '../../api/index.ts';
import { useSaveSettings } from '../../data/settings.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';

/** The form of one admin group (Général, Sécurité, Système), checked by the server's own schema. */
export function useSettingsForm<G extends SettingsGroup>(group: G, saved: Settings[G], onSaved: () => void) {
  const save = useSaveSettings();
  const schema = settingsSchema.shape[group];
  const errorsOf = schemaResolver(schema, { sync: true });
  const form = useForm<Settings[G]>({
    initialValues: saved,
    validate: (values) => errorsOf(values) as Record<string, string>,
    enhanceGetInputProps: checkOnBlur(),
  });
  const submit = form.onSubmit((values) => {
    save.mutate({ [group]: schema.parse(values) } as never, {
      onSuccess: (settings) => {
        form.setInitialValues(settings[group]);
        form.setValues(settings[group]);
        form.resetDirty(settings[group]);
        onSaved();
      },
      // The server's field errors come as 'general.companyName': the form's fields have no prefix.
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.errors) return;
        const prefix = `${group}.`;
        form.setErrors(
          Object.fromEntries(
            Object.entries(error.errors)
              .filter(([field]) => field.startsWith(prefix))
              .map(([field, message]) => [field.slice(prefix.length), message]),
          ),
        );
      },
    });
  });
  return { form, submit, saving: save.isPending, error: save.error };
}
