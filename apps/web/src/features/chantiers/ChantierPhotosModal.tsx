import { type Chantier, MEDIA_LIMITS, PHOTO_MIME_TYPES } from '@app/shared';
import { Alert, Button, CloseButton, FileButton, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useChantierPhotos } from '../../data/chantiers.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { PhotoGallery } from '../produits/PhotoGallery.tsx';

const MAX = MEDIA_LIMITS.chantier.photos.max;

/**
 * A chantier's photos (issue 26): the gallery for whoever reads the chantier (its site's members
 * too); managers add some (10 in all) and remove one after confirming.
 */
export function ChantierPhotosModal({
  chantier,
  canManage,
  onClose,
}: {
  chantier: Chantier;
  canManage: boolean;
  onClose: () => void;
}) {
  // The chantier as the last change answered it: the gallery follows without waiting for the list.
  const [shown, setShown] = useState(chantier);
  const [toRemove, setToRemove] = useState<Chantier['photos'][number] | null>(null);
  const photos = useChantierPhotos(chantier.id);
  const change = (what: { add: File[] } | { remove: number }, done?: () => void) =>
    photos.mutate(what, {
      onSuccess: ({ chantier: next, message }) => {
        setShown(next);
        showToast('success', message);
        done?.();
      },
    });
  const room = MAX - shown.photos.length;

  return (
    <Modal opened onClose={onClose} title={`Photos du chantier «\u00a0${shown.nom_chantier}\u00a0»`} size="xl">
      <Stack gap="md">
        {photos.isError && !toRemove && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {photos.error.message}
          </Alert>
        )}
        <PhotoGallery photos={shown.photos.map((p) => p.url)} title={shown.nom_chantier} />
        {canManage && (
          <>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {shown.photos.length} sur {MAX} photos · JPEG, PNG ou WebP, 10 Mo au plus chacune
              </Text>
              <FileButton
                multiple
                accept={PHOTO_MIME_TYPES.join(',')}
                onChange={(files) => files.length > 0 && change({ add: files })}
              >
                {(props) => (
                  <Button
                    leftSection={<IconPhotoPlus size={16} aria-hidden />}
                    loading={photos.isPending && !toRemove}
                    disabled={room <= 0}
                    {...props}
                  >
                    Ajouter des photos
                  </Button>
                )}
              </FileButton>
            </Group>
            {shown.photos.length > 0 && (
              <SimpleGrid
                cols={{ base: 3, sm: 5 }}
                spacing="xs"
                component="ul"
                aria-label="Photos du chantier"
                p={0}
                m={0}
              >
                {shown.photos.map((photo) => (
                  <li key={photo.id} style={{ listStyle: 'none', position: 'relative' }}>
                    <Image src={photo.url} alt={photo.nom} h={72} radius="sm" fit="cover" />
                    <CloseButton
                      size="sm"
                      variant="filled"
                      aria-label={`Retirer la photo ${photo.nom}`}
                      style={{ position: 'absolute', top: 4, right: 4 }}
                      onClick={() => {
                        photos.reset();
                        setToRemove(photo);
                      }}
                    />
                  </li>
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={toRemove !== null}
        danger
        title="Retirer la photo"
        message={`Retirer la photo «\u00a0${toRemove?.nom ?? ''}\u00a0» du chantier\u202f? Elle ne sera plus visible par personne.`}
        confirmLabel="Retirer"
        loading={photos.isPending}
        error={photos.error?.message ?? null}
        onConfirm={() => toRemove && change({ remove: toRemove.id }, () => setToRemove(null))}
        onClose={() => setToRemove(null)}
      />
    </Modal>
  );
}
