import { PHOTO_MIME_TYPES, type Profile } from '@app/shared';
import { Alert, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useProfilePhoto } from '../../data/auth.ts';
import { showToast } from '../../ui/toasts/toast-store.ts';
import { UserAvatar } from '../../ui/UserAvatar.tsx';

/** The photo sent: a square of this many pixels, enough for every avatar's size on a sharp screen. */
const SIDE = 512;

/** The chosen square of the image, drawn at SIDE × SIDE and encoded as JPEG. */
async function croppedSquare(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = SIDE;
  canvas.height = SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Le recadrage n’est pas possible dans ce navigateur.');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, SIDE, SIDE);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Le recadrage n’a pas abouti.'))),
      'image/jpeg',
      0.9,
    ),
  );
}

/**
 * 'Photo de profil' (issue 26): choose an image, move and zoom it under a round frame, save the
 * square; or remove the photo. The server checks what it receives by its content.
 */
export function ProfilePhotoDialog({
  profile,
  opened,
  onClose,
}: {
  profile: Profile;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useProfilePhoto();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The chosen file is shown from memory; its address is released when another is chosen or the dialog closes.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);
  const close = () => {
    setSource(null);
    setFailure(null);
    save.reset();
    onClose();
  };
  const choose = (file: File | null) => {
    if (!file) return;
    if (!PHOTO_MIME_TYPES.includes(file.type as (typeof PHOTO_MIME_TYPES)[number])) {
      setFailure(`Le fichier « ${file.name} » n’est pas accepté. Types acceptés\u00a0: JPEG, PNG ou WebP.`);
      return;
    }
    setFailure(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSource(URL.createObjectURL(file));
  };
  const run = async (photo: () => Promise<Blob | null>) => {
    try {
      const { message } = await save.mutateAsync(await photo());
      showToast('success', message);
      close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'La photo n’a pas pu être enregistrée.');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Photo de profil" closeOnClickOutside={!save.isPending}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        {source ? (
          <>
            <div
              style={{ position: 'relative', width: '100%', height: 280, background: 'var(--mantine-color-dark-7)' }}
            >
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                disableAutomaticStylesInjection
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <Text size="sm" c="dimmed">
              Déplacez l’image pour la cadrer ; le zoom l’agrandit.
            </Text>
            <Slider thumbLabel="Zoom" label={null} min={1} max={3} step={0.05} value={zoom} onChange={setZoom} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setSource(null)} disabled={save.isPending}>
                Choisir une autre
              </Button>
              <Button
                loading={save.isPending}
                disabled={!area}
                onClick={() => void run(() => (area ? croppedSquare(source, area) : Promise.resolve(null)))}
              >
                Enregistrer la photo
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Group justify="center">
              <UserAvatar
                prenom={profile.prenom}
                nom={profile.nom}
                photo={profile.photo_profil}
                size={120}
                radius={120}
              />
            </Group>
            <Text size="sm" c="dimmed" ta="center">
              JPEG, PNG ou WebP. Vous la recadrerez en carré avant de l’enregistrer.
            </Text>
            <Group justify="center" gap="sm">
              <FileButton onChange={choose} accept={PHOTO_MIME_TYPES.join(',')}>
                {(props) => (
                  <Button leftSection={<IconPhoto size={16} aria-hidden />} {...props}>
                    Choisir une photo
                  </Button>
                )}
              </FileButton>
              {profile.photo_profil && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  loading={save.isPending}
                  onClick={() => void run(() => Promise.resolve(null))}
                >
                  Retirer la photo
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
