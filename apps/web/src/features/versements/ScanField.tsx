import { formatFileSize, SCAN_MIME_TYPES } from '@app/shared';
import { FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { VERSEMENT_FIELD_LABELS } from './versement-form.ts';

/** An image's preview: an object URL, let go with the file. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () =>
      file?.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export interface ScanFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The file's problem (too large, wrong type) or the server's. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The receipt's scan (spec 3 §2.1, §5): optional, one PDF, JPEG or PNG of 5 MB at most; an image
 * shows as a preview, a PDF as a notice with its name and size.
 */
export function ScanField({ file, onChange, error, disabled }: ScanFieldProps) {
  const preview = useObjectUrl(error ? null : file);
  return (
    <Stack gap="xs">
      <FileInput
        label={VERSEMENT_FIELD_LABELS.scan_recu}
        description={`PDF, JPEG ou PNG, 5\u00a0Mo maximum`}
        placeholder="Choisir un fichier"
        // The placeholder of a button-like field is text the contrast rules read.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        accept={SCAN_MIME_TYPES.join(',')}
        clearable
        clearButtonProps={{ 'aria-label': 'Retirer le fichier' }}
        value={file}
        onChange={onChange}
        error={error}
        disabled={disabled}
        fileInputProps={{ 'aria-label': 'Fichier du scan du reçu' }}
      />
      {file && !error && preview && (
        <Paper withBorder radius="sm" p="xs">
          <Image src={preview} alt={`Aperçu du reçu ${file.name}`} mah={220} fit="contain" radius="xs" />
          <Text size="xs" c="dimmed" mt={4}>
            {file.name} · {formatFileSize(file.size)}
          </Text>
        </Paper>
      )}
      {file && !error && file.type === 'application/pdf' && (
        <Paper withBorder radius="sm" p="xs" role="status">
          <Group gap="sm" wrap="nowrap">
            <IconFileTypePdf size={32} color="var(--mantine-color-red-8)" aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                Document PDF{'\u00a0'}: «{'\u00a0'}
                {file.name}
                {'\u00a0'}»
              </Text>
              <Text size="xs" c="dimmed">
                {formatFileSize(file.size)} · pas d’aperçu pour un PDF, il sera joint tel quel.
              </Text>
            </div>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
