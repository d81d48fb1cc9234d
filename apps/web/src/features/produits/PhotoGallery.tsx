import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconMaximize } from '@tabler/icons-react';
import { useState } from 'react';
import { SafeImage } from '../../ui/SafeImage.tsx';
import { SEGMENTED_HIT_AREA } from '../../ui/segmented-styles.ts';

/** The grid shows at most 6 photos, the last with '+N' for the rest (spec 2 §9). */
export const GRID_MAX = 6;

type Mode = 'carousel' | 'grid';

/** The product's photos: a carousel with counter and thumbnails, or a grid; fullscreen opens a new tab. */
export function PhotoGallery({ photos, title }: { photos: readonly string[]; title: string }) {
  const [mode, setMode] = useState<Mode>('carousel');
  const [index, setIndex] = useState(0);
  const total = photos.length;

  if (total === 0) {
    return (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <SafeImage src={null} alt={title} height={320} placeholder="Aucune photo disponible" />
      </Paper>
    );
  }

  const current = Math.min(index, total - 1);
  const go = (next: number) => setIndex((next + total) % total);
  const currentUrl = photos[current] ?? '';

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Photos du produit">
      <Group justify="space-between" mb="sm" gap="xs">
        <SegmentedControl
          styles={SEGMENTED_HIT_AREA}
          size="xs"
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data={[
            { value: 'carousel', label: 'Carrousel' },
            { value: 'grid', label: 'Grille' },
          ]}
          aria-label="Affichage des photos"
        />
        <Text size="sm" c="dimmed">
          {total} photo{total > 1 ? 's' : ''}
        </Text>
      </Group>
      {mode === 'carousel' ? (
        <>
          <Box pos="relative" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            <SafeImage
              key={currentUrl}
              src={currentUrl}
              alt={`${title} — photo ${current + 1} sur ${total}`}
              height="clamp(220px, 45vw, 420px)"
              placeholder="Image indisponible"
              loading="eager"
            />
            <Badge
              pos="absolute"
              bottom={10}
              left={10}
              color="dark"
              variant="filled"
              aria-live="polite"
              style={{ opacity: 0.85 }}
            >
              {current + 1} / {total}
            </Badge>
            <ActionIcon
              component="a"
              href={currentUrl}
              target="_blank"
              rel="noopener noreferrer"
              pos="absolute"
              top={10}
              right={10}
              variant="white"
              color="dark"
              size="lg"
              aria-label="Plein écran (nouvel onglet)"
              title="Plein écran"
            >
              <IconMaximize size={18} aria-hidden />
            </ActionIcon>
            {total > 1 && (
              <>
                <ActionIcon
                  pos="absolute"
                  top="50%"
                  left={10}
                  style={{ transform: 'translateY(-50%)' }}
                  variant="white"
                  color="dark"
                  size="xl"
                  radius="xl"
                  aria-label="Photo précédente"
                  onClick={() => go(current - 1)}
                >
                  <IconChevronLeft size={22} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  pos="absolute"
                  top="50%"
                  right={10}
                  style={{ transform: 'translateY(-50%)' }}
                  variant="white"
                  color="dark"
                  size="xl"
                  radius="xl"
                  aria-label="Photo suivante"
                  onClick={() => go(current + 1)}
                >
                  <IconChevronRight size={22} aria-hidden />
                </ActionIcon>
              </>
            )}
          </Box>
          {total > 1 && (
            <Group gap={8} mt="sm" wrap="nowrap" style={{ overflowX: 'auto' }} pb={4} aria-label="Miniatures">
              {photos.map((url, i) => (
                <UnstyledButton
                  key={url}
                  onClick={() => setIndex(i)}
                  aria-label={`Voir la photo ${i + 1}`}
                  aria-current={i === current ? 'true' : undefined}
                  style={{
                    flex: '0 0 auto',
                    borderRadius: 6,
                    overflow: 'hidden',
                    outline:
                      i === current ? '3px solid var(--mantine-color-cyan-6)' : '1px solid var(--mantine-color-gray-3)',
                    outlineOffset: i === current ? 0 : -1,
                    opacity: i === current ? 1 : 0.75,
                  }}
                >
                  <SafeImage src={url} alt="" height={56} width={80} placeholder="" />
                </UnstyledButton>
              ))}
            </Group>
          )}
        </>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {photos.slice(0, GRID_MAX).map((url, i) => {
            const rest = total - GRID_MAX;
            const overlay = i === GRID_MAX - 1 && rest > 0;
            return (
              <UnstyledButton
                key={url}
                pos="relative"
                style={{ borderRadius: 8, overflow: 'hidden' }}
                aria-label={overlay ? `Voir les ${rest + 1} dernières photos` : `Voir la photo ${i + 1}`}
                onClick={() => {
                  setIndex(i);
                  setMode('carousel');
                }}
              >
                <SafeImage src={url} alt="" height={140} placeholder="Image indisponible" />
                {overlay && (
                  <Box
                    pos="absolute"
                    inset={0}
                    bg="rgba(0,0,0,0.55)"
                    c="white"
                    style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
                    aria-hidden
                  >
                    <Text fw={700} size="xl" c="white">
                      +{rest}
                    </Text>
                  </Box>
                )}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}
