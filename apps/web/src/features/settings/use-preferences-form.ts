import { type Preferences, preferencesSchema } from '@app/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { useSavePreferences } from '../../data/preferences.ts';

/** The form of one's own preferences (Utilisateur, Notifications), checked by the server's own schema. */
export function usePreferencesForm(saved: Preferences, onSaved: (preferences: Preferences) => void) {
  const save = useSavePreferences();
  const errorsOf = schemaResolver(preferencesSchema, { sync: true });
  const form = useForm<Preferences>({
    initialValues: saved,
    validate: (values) => errorsOf(values) as Record<string, string>,
  });
  const submit = form.onSubmit((values) => {
    save.mutate(preferencesSchema.parse(values), {
      onSuccess: (preferences) => {
        form.setInitialValues(preferences);
        form.resetDirty(preferences);
        onSaved(preferences);
      },
    });
  });
  return { form, submit, saving: save.isPending, error: save.error };
}
