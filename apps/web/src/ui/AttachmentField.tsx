import { formatFileSize, SCAN_MAX_BYTES, SCAN_MIME_TYPES, VERSEMENT_MESSAGES } from '@app/shared';
import { FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';

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

/**
 * A private supporting file's problem (spec 3 §5, §9: a receipt's scan, an expense's or a
 * refund's justificatif): 5 MB at most, PDF, JPEG or PNG; null when it may go.
 */
export function attachmentError(file: File | null): string | null {
  if (!file) return null;
  if (!(SCAN_MIME_TYPES as readonly string[]).includes(file.type)) return VERSEMENT_MESSAGES.scanType;
  if (file.size > SCAN_MAX_BYTES) return VERSEMENT_MESSAGES.scanTooLarge;
  return null;
}

export interface AttachmentFieldProps {
  /** The visible label ('Scan du reçu (facultatif)', 'Justificatif (facultatif)'). */
  label: string;
  /** The accessible name of the file input ('Fichier du scan du reçu'), so tests and assistive tech find it. */
  inputLabel: string;
  /** What the preview shows ('reçu', 'justificatif'): 'Aperçu du reçu photo.png'. */
  what: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The file's problem (too large, wrong type) or the server's. */
  error?: string | null;
  /** A line under the field (the file already saved, on an edit). */
  note?: string | null;
  disabled?: boolean;
}

/**
 * One optional private file (spec 3 §5): a PDF, JPEG or PNG of 5 MB at most; an image shows as a
 * preview, a PDF as a notice with its name and size.
 */
export function AttachmentField({
  label,
  inputLabel,
  what,
  file,
  onChange,
  error,
  note,
  disabled,
}: AttachmentFieldProps) {
  const preview = useObjectUrl(error ? null : file);
  return (
    <Stack gap="xs">
      <FileInput
        label={label}
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
        fileInputProps={{ 'aria-label': inputLabel }}
      />
      {note && !file && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      )}
      {file && !error && preview && (
        <Paper withBorder radius="sm" p="xs">
          <Image src={preview} alt={`Aperçu du ${what} ${file.name}`} mah={220} fit="contain" radius="xs" />
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
