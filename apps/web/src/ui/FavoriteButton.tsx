import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useFavorisIndex, useFavoriToggle } from '../data/favoris.ts';

const SIZES = {
  sm: { button: 'md', icon: 16 },
  md: { button: 'lg', icon: 20 },
  lg: { button: 'xl', icon: 24 },
} as const;

export interface FavoriteButtonProps {
  produitId: number;
  /** Three sizes (spec 2 §2): cards, lists and the product page. */
  size?: keyof typeof SIZES;
  /** On a photo: a white round background. */
  overlay?: boolean;
}

/** The heart: 'Ajouter aux favoris' or 'Retirer des favoris', saved on the server. */
export function FavoriteButton({ produitId, size = 'md', overlay = false }: FavoriteButtonProps) {
  const index = useFavorisIndex();
  const toggle = useFavoriToggle();
  const favorite = index.data?.ids.includes(produitId) ?? false;
  const label = favorite ? 'Retirer des favoris' : 'Ajouter aux favoris';
  const { button, icon } = SIZES[size];
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size={button}
        radius="xl"
        variant={overlay ? 'white' : 'subtle'}
        color="red"
        aria-label={label}
        disabled={index.isPending && index.fetchStatus !== 'idle'}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate({ produitId, favorite: !favorite });
        }}
        style={overlay ? { boxShadow: 'var(--mantine-shadow-sm)' } : undefined}
      >
        {favorite ? <IconHeartFilled size={icon} aria-hidden /> : <IconHeart size={icon} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
