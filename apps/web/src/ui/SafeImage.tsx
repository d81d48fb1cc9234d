import { Box, Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { type CSSProperties, useState } from 'react';

export interface SafeImageProps {
  src: string | null | undefined;
  alt: string;
  /** Height of the box (the image covers it). */
  height: number | string;
  width?: number | string;
  /** Text of the placeholder when there is no image or it fails to load. */
  placeholder?: string;
  fit?: CSSProperties['objectFit'];
  radius?: string | number;
  loading?: 'lazy' | 'eager';
}

/** An image that falls back to a neutral placeholder when missing or broken (spec 2 §8). */
export function SafeImage({
  src,
  alt,
  height,
  width = '100%',
  placeholder = 'Pas d’image',
  fit = 'cover',
  radius = 0,
  loading = 'lazy',
}: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  if (failed) {
    return (
      <Center
        h={height}
        w={width}
        bg="var(--mantine-color-gray-1)"
        c="dimmed"
        style={{ borderRadius: radius }}
        {...(alt
          ? { role: 'img', 'aria-label': placeholder ? `${alt} : ${placeholder}` : alt }
          : { 'aria-hidden': true })}
      >
        <Stack gap={4} align="center">
          <IconPhotoOff size={28} aria-hidden />
          <Text size="xs" c="dimmed" aria-hidden>
            {placeholder}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading={loading}
      onError={() => setFailedSrc(src)}
      h={height}
      w={width}
      style={{ objectFit: fit, display: 'block', borderRadius: radius, background: 'var(--mantine-color-gray-1)' }}
    />
  );
}
