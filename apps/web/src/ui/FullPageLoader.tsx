import { Center, Loader, Stack, Text } from '@mantine/core';

/** Spinner with a French label, centred on the page or in the main area. */
export function FullPageLoader({
  label = 'Chargement...',
  fullHeight = true,
}: {
  label?: string;
  fullHeight?: boolean;
}) {
  return (
    <Center h={fullHeight ? '100dvh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
