import { Image } from '@mantine/core';

/** The company logo (public/logo.svg); decorative unless a label is given. */
export function Logo({ size = 32, label }: { size?: number; label?: string }) {
  return <Image src="/logo.svg" w={size} h={size} alt={label ?? ''} aria-hidden={label ? undefined : true} />;
}
