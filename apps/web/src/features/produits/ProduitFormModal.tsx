import {
  DIGIT_GROUP,
  formatPricePerM2,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  PHOTO_MIME_TYPES,
  PLAN_MIME_TYPES,
  type Produit,
  produitBodySchema,
} from '@app/shared';
import { Divider, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSaveProduit } from '../../data/produits.ts';
import { activeSitesQuery } from '../../data/sites.ts';
import { checkOnBlur } from '../../ui/check-on-blur.ts';
import { DraftNotice } from '../../ui/DraftNotice.tsx';
import { FileDropzone } from '../../ui/FileDropzone.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { MoneyInput } from '../../ui/MoneyInput.tsx';
import { SiteSelect } from '../../ui/SiteSelect.tsx';
import { useDraft } from '../../ui/use-draft.ts';

type Num = number | string;

interface FormValues {
  titre: string;
  description: string;
  type: string | null;
  superficie: Num;
  prix_vente: Num;
  caution: Num;
  nombre_chambre: Num;
  nombre_salon: Num;
  nombre_cuisine: Num;
  nombre_toilette: Num;
  delais_construction: Num;
  site_id: string | null;
  video_logement: string;
}

// Defaults of a new product (spec 2 §5): one of each room; the site is chosen, never guessed.
const EMPTY: FormValues = {
  titre: '',
  description: '',
  type: 'logement',
  superficie: '',
  prix_vente: '',
  caution: 0,
  nombre_chambre: 1,
  nombre_salon: 1,
  nombre_cuisine: 1,
  nombre_toilette: 1,
  delais_construction: '',
  site_id: null,
  video_logement: '',
};

const toValues = (p: Produit): FormValues => ({
  titre: p.titre,
  description: p.description,
  type: p.type,
  superficie: p.superficie,
  prix_vente: p.prix_vente,
  caution: p.caution,
  nombre_chambre: p.nombre_chambre,
  nombre_salon: p.nombre_salon,
  nombre_cuisine: p.nombre_cuisine,
  nombre_toilette: p.nombre_toilette,
  delais_construction: p.delais_construction ?? '',
  site_id: String(p.site_id),
  video_logement: p.video_logement ?? '',
});

/** The form's values in the shape of the body schema: empty optional fields become absent. */
function toBodyInput(values: FormValues): Record<string, unknown> {
  return {
    ...values,
    type: values.type ?? undefined,
    site_id: values.site_id ?? undefined,
    delais_construction: values.delais_construction === '' ? null : values.delais_construction,
  };
}

const validateFields = schemaResolver(produitBodySchema, { sync: true });

interface FileErrors {
  image?: string;
  plan?: string;
}

export interface ProduitFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The product to edit; absent to add one. */
  produit?: Produit | null;
}

/** A new product's success screen closes after 1.5 s (spec 2 §9). */
export const PRODUIT_CREATED_CLOSE_MS = 1_500;

/** 'Ajouter un nouveau produit' (spec 2 §2, §5): fields, images and plans, real save. */
export function ProduitFormModal({ opened, onClose, produit }: ProduitFormModalProps) {
  const editing = !!produit;
  const sites = useQuery({ ...activeSitesQuery(), enabled: opened });
  const [images, setImages] = useState<File[]>([]);
  const [plans, setPlans] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const save = useSaveProduit();

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => validateFields(toBodyInput(values) as never),
    enhanceGetInputProps: checkOnBlur(['prix_vente', 'caution']),
  });
  const draft = useDraft('produit', form, { enabled: !editing });

  // Each opening starts afresh: the product's values or the defaults, no files.
  const reset = () => {
    const values = produit ? toValues(produit) : EMPTY;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setImages([]);
    setPlans([]);
    setFileErrors({});
    draft.look();
  };

  const checkFiles = (): FileErrors => {
    if (editing) return {};
    return {
      image: images.length < MEDIA_LIMITS.produit.photos.min ? MEDIA_MESSAGES.imageRequired : undefined,
      plan: plans.length < MEDIA_LIMITS.produit.plans.min ? MEDIA_MESSAGES.planRequired : undefined,
    };
  };

  const submit = () => {
    const fields = form.validate();
    const files = checkFiles();
    setFileErrors(files);
    if (fields.hasErrors || files.image || files.plan) return undefined;
    const body = produitBodySchema.parse(toBodyInput(form.getValues()));
    return save.mutateAsync({ id: produit?.id, body, images, plans }).then(({ message }) => {
      draft.clear();
      return editing ? (message ?? 'Produit mis à jour avec succès') : 'Produit créé avec succès';
    });
  };

  const chosenSite = sites.data?.find((s) => String(s.id) === form.values.site_id);
  const rooms = { allowDecimal: false, allowNegative: false, min: 0, max: 99 } as const;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      onOpen={reset}
      title={editing ? 'Modifier le produit' : 'Ajouter un nouveau produit'}
      size="xl"
      save={save}
      failure={editing ? 'Erreur lors de la mise à jour du produit' : 'Erreur lors de la création du produit'}
      onSubmit={submit}
      onFieldErrors={({ image, plan, ...fields }) => {
        form.setErrors(fields);
        setFileErrors({ image, plan });
      }}
      submitLabel={editing ? 'Enregistrer les modifications' : 'Créer le produit'}
      successScreen={editing ? undefined : { closeAfterMs: PRODUIT_CREATED_CLOSE_MS }}
    >
      <DraftNotice draft={draft} note="Les images et les plans sont à joindre à nouveau." />
      <TextInput label="Titre" withAsterisk maxLength={200} {...form.getInputProps('titre')} />
      <Textarea
        label="Description"
        withAsterisk
        rows={4}
        resize="vertical"
        maxLength={5000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Type"
          withAsterisk
          allowDeselect={false}
          data={[
            { value: 'logement', label: 'Logement' },
            { value: 'terrain', label: 'Terrain' },
          ]}
          {...form.getInputProps('type')}
        />
        <SiteSelect
          sites={sites}
          // A product whose site was deactivated keeps it in the choices.
          current={produit ? { ...produit.site, id: produit.site_id } : undefined}
          description={
            chosenSite ? `${chosenSite.ville_site} · ${formatPricePerM2(chosenSite.prix_metre_carre)}` : undefined
          }
          {...form.getInputProps('site_id')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Superficie (m²)"
          withAsterisk
          thousandSeparator={DIGIT_GROUP}
          decimalSeparator=","
          allowNegative={false}
          decimalScale={2}
          hideControls
          min={0}
          {...form.getInputProps('superficie')}
        />
        <MoneyInput label="Prix de vente (FCFA)" withAsterisk {...form.getInputProps('prix_vente')} />
        <MoneyInput label="Caution (FCFA)" {...form.getInputProps('caution')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput label="Chambres" {...rooms} {...form.getInputProps('nombre_chambre')} />
        <NumberInput label="Salons" {...rooms} {...form.getInputProps('nombre_salon')} />
        <NumberInput label="Cuisines" {...rooms} {...form.getInputProps('nombre_cuisine')} />
        <NumberInput label="Toilettes" {...rooms} {...form.getInputProps('nombre_toilette')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Délai de construction (mois)"
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={240}
          {...form.getInputProps('delais_construction')}
        />
        <TextInput
          label="Lien vidéo"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          {...form.getInputProps('video_logement')}
        />
      </SimpleGrid>
      <Divider label="Médias" labelPosition="left" />
      {editing && (
        <Text size="sm" c="dimmed">
          Les fichiers ajoutés remplacent ceux du produit ; sans nouveau fichier, les actuels sont conservés.
        </Text>
      )}
      <FileDropzone
        label="Images"
        inputLabel="Images du produit"
        name="image"
        kind="image"
        accept={PHOTO_MIME_TYPES}
        min={editing ? 0 : MEDIA_LIMITS.produit.photos.min}
        max={MEDIA_LIMITS.produit.photos.max}
        files={images}
        onChange={(files) => {
          setImages(files);
          setFileErrors((e) => ({ ...e, image: undefined }));
        }}
        error={fileErrors.image}
        existing={produit?.photos_logement}
        disabled={save.isPending}
      />
      <FileDropzone
        label="Plans"
        inputLabel="Plans du produit"
        name="plan"
        kind="plan"
        accept={PLAN_MIME_TYPES}
        min={editing ? 0 : MEDIA_LIMITS.produit.plans.min}
        max={MEDIA_LIMITS.produit.plans.max}
        files={plans}
        onChange={(files) => {
          setPlans(files);
          setFileErrors((e) => ({ ...e, plan: undefined }));
        }}
        error={fileErrors.plan}
        existing={produit?.plan_logement}
        disabled={save.isPending}
      />
    </FormModal>
  );
}
