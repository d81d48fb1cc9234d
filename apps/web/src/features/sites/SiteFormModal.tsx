import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PHOTO_MIME_TYPES,
  PLAN_MIME_TYPES,
  type Site,
  siteBodySchema,
} from '@app/shared';
import { Divider, SimpleGrid, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useSaveSite } from '../../data/sites.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { FileDropzone } from '../../ui/FileDropzone.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';

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

/** A new site's success screen closes after 1.5 s (spec 2 §9). */
export const SITE_CREATED_CLOSE_MS = 1_500;

/** The add-site form (spec 2 §5, decisions §5: it really creates the site), also used to edit one. */
export function SiteFormModal({ opened, onClose, site }: { opened: boolean; onClose: () => void; site?: Site | null }) {
  const editing = !!site;
  const [photos, setPhotos] = useState<File[]>([]);
  const [plans, setPlans] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const save = useSaveSite();

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(siteBodySchema, { sync: true }),
    enhanceGetInputProps: checkOnBlur(['prix_metre_carre']),
  });

  // Each opening starts afresh: the site's values or empty fields, no files.
  const reset = () => {
    const values = site ? toValues(site) : EMPTY;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setPhotos([]);
    setPlans([]);
    setFileErrors({});
  };

  const submit = () => {
    const fields = form.validate();
    const files: FileErrors = {
      photo: !editing && photos.length < MEDIA_LIMITS.site.photos.min ? MEDIA_MESSAGES.photoRequired : undefined,
    };
    setFileErrors(files);
    if (fields.hasErrors || files.photo) return undefined;
    return save
      .mutateAsync({ id: site?.id, body: siteBodySchema.parse(form.getValues()), photos, plans })
      .then(({ message }) => (editing ? (message ?? 'Site mis à jour avec succès') : 'Site créé avec succès'));
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={editing ? 'Modifier le site' : 'Ajouter un nouveau site'}
      save={save}
      failure={editing ? 'Erreur lors de la mise à jour du site' : 'Erreur lors de la création du site'}
      onSubmit={submit}
      onFieldErrors={({ photo, plan, ...fields }) => {
        form.setErrors(fields);
        setFileErrors({ photo, plan });
      }}
      submitLabel={editing ? 'Enregistrer les modifications' : 'Créer le site'}
      successScreen={editing ? undefined : { closeAfterMs: SITE_CREATED_CLOSE_MS }}
    >
      <TextInput label="Nom du site" withAsterisk maxLength={150} {...form.getInputProps('nom_site')} />
      <TextInput label="Adresse" withAsterisk maxLength={300} {...form.getInputProps('adresse_site')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Ville" withAsterisk maxLength={100} {...form.getInputProps('ville_site')} />
        <MoneyInput label="Prix par m² (FCFA)" withAsterisk {...form.getInputProps('prix_metre_carre')} />
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
          Les fichiers ajoutés remplacent ceux du site ; sans nouveau fichier, les actuels sont conservés.
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
        disabled={save.isPending}
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
        disabled={save.isPending}
      />
    </FormModal>
  );
}
