import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PHOTO_MIME_TYPES,
  PLAN_MIME_TYPES,
  type Site,
  type SiteBody,
  siteBodySchema,
} from '@app/shared';
import { Alert, Button, Divider, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/index.ts';
import { FileDropzone } from '../../ui/FileDropzone.tsx';
import { useSuccessClose } from '../../ui/use-success-close.ts';
import { saveSite } from './sites.api.ts';
import { sitesKeys } from './sites.queries.ts';

interface FormValues {
  nom_site: string;
  adresse_site: string;
  ville_site: string;
  prix_metre_carre: number | string;
  localisation_site: string;
  video_site: string;
}

const EMPTY: FormValues = {
  nom_site: '',
  adresse_site: '',
  ville_site: '',
  prix_metre_carre: '',
  localisation_site: '',
  video_site: '',
};

const toValues = (site: Site): FormValues => ({
  nom_site: site.nom_site,
  adresse_site: site.adresse_site,
  ville_site: site.ville_site,
  prix_metre_carre: site.prix_metre_carre,
  localisation_site: site.localisation_site ?? '',
  video_site: site.video_site ?? '',
});

interface FileErrors {
  photo?: string;
  plan?: string;
}

/** The add-site form (spec 2 §5, decisions §5: it really creates the site), also used to edit one. */
export function SiteFormModal({ opened, onClose, site }: { opened: boolean; onClose: () => void; site?: Site | null }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const editing = !!site;
  const [photos, setPhotos] = useState<File[]>([]);
  const [plans, setPlans] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const { success, showSuccess, reset: resetSuccess } = useSuccessClose(onClose);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(siteBodySchema, { sync: true }),
  });

  const mutation = useMutation({
    mutationFn: (body: SiteBody) => saveSite({ id: site?.id, body, photos, plans }),
    onSuccess: async ({ message }) => {
      showSuccess(editing ? (message ?? 'Site mis à jour avec succès') : 'Site créé avec succès');
      // Sites and the catalogue (a product shows its site's name and price per m²).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sitesKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['produits'] }),
      ]);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || !error.errors) return;
      const { photo, plan, ...fields } = error.errors;
      form.setErrors(fields);
      setFileErrors({ photo, plan });
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: form and mutation are stable for this purpose
  useEffect(() => {
    if (!opened) return;
    const values = site ? toValues(site) : EMPTY;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setPhotos([]);
    setPlans([]);
    setFileErrors({});
    resetSuccess();
    mutation.reset();
  }, [opened, site]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const fields = form.validate();
    const files: FileErrors = {
      photo: !editing && photos.length < MEDIA_LIMITS.site.photos.min ? MEDIA_MESSAGES.photoRequired : undefined,
    };
    setFileErrors(files);
    if (fields.hasErrors || files.photo) return;
    mutation.mutate(siteBodySchema.parse(form.getValues()));
  };

  const busy = mutation.isPending || !!success;
  const generalError = mutation.isError && !(mutation.error instanceof ApiError && mutation.error.errors);

  return (
    <Modal
      opened={opened}
      onClose={busy && !success ? () => {} : onClose}
      title={editing ? 'Modifier le site' : 'Ajouter un nouveau site'}
      size="lg"
      fullScreen={phone}
      centered
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {success && (
            <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
              {success}
            </Alert>
          )}
          {generalError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {mutation.error.message ||
                (editing ? 'Erreur lors de la mise à jour du site' : 'Erreur lors de la création du site')}
            </Alert>
          )}
          <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <TextInput label="Nom du site" withAsterisk maxLength={150} {...form.getInputProps('nom_site')} />
              <TextInput label="Adresse" withAsterisk maxLength={300} {...form.getInputProps('adresse_site')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Ville" withAsterisk maxLength={100} {...form.getInputProps('ville_site')} />
                <NumberInput
                  label="Prix par m² (FCFA)"
                  withAsterisk
                  thousandSeparator=" "
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  min={0}
                  {...form.getInputProps('prix_metre_carre')}
                />
              </SimpleGrid>
              <TextInput
                label="Localisation"
                description="Quartier, repère ou coordonnées GPS (ex. 5.3599, -4.0083)"
                maxLength={300}
                {...form.getInputProps('localisation_site')}
              />
              <TextInput
                label="Lien vidéo"
                type="url"
                inputMode="url"
                placeholder="https://www.youtube.com/watch?v=…"
                {...form.getInputProps('video_site')}
              />
              <Divider label="Médias" labelPosition="left" />
              {editing && (
                <Text size="sm" c="dimmed">
                  Les fichiers ajoutés remplacent ceux du site ; sans nouveau fichier, les actuels sont conservés.
                </Text>
              )}
              <FileDropzone
                label="Photos"
                inputLabel="Photos du site"
                name="photo"
                kind="photo"
                accept={PHOTO_MIME_TYPES}
                min={editing ? 0 : MEDIA_LIMITS.site.photos.min}
                max={MEDIA_LIMITS.site.photos.max}
                files={photos}
                onChange={(files) => {
                  setPhotos(files);
                  setFileErrors((e) => ({ ...e, photo: undefined }));
                }}
                error={fileErrors.photo}
                existing={site?.photos_site}
                disabled={busy}
              />
              <FileDropzone
                label="Plans"
                inputLabel="Plans du site"
                name="plan"
                kind="plan"
                accept={PLAN_MIME_TYPES}
                min={0}
                max={MEDIA_LIMITS.site.plans.max}
                files={plans}
                onChange={(files) => {
                  setPlans(files);
                  setFileErrors((e) => ({ ...e, plan: undefined }));
                }}
                error={fileErrors.plan}
                existing={site?.plans_site}
                disabled={busy}
              />
            </Stack>
          </fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {success ? 'Fermer' : 'Annuler'}
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!!success}>
              {editing ? 'Enregistrer les modifications' : 'Créer le site'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
