import '@mantine/dropzone/styles.css';
import { fileTooLargeMessage, formatFileSize, MEDIA_LIMITS } from '@app/shared';
import { ActionIcon, Button, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileText, IconFileTypePdf, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { mediaKind } from './media-kind.ts';
import { SafeImage } from './SafeImage.tsx';

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/** Types and extensions: a file the system gives no type (a .docx on some systems) is judged by its name. */
function acceptMap(accept: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(accept.map((type) => [type, EXTENSIONS[type] ?? []]));
}

/** "PDF, DOC, DOCX, JPEG, PNG ou WebP" */
export function acceptedTypesText(accept: readonly string[]): string {
  const names = [...new Set(accept.map((t) => TYPE_NAMES[t] ?? t))];
  const order = ['PDF', 'DOC', 'DOCX', 'JPEG', 'PNG', 'WebP'];
  names.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? '');
}

const NOUNS = {
  image: ['image', 'images'],
  photo: ['photo', 'photos'],
  plan: ['plan', 'plans'],
} as const;

export interface FileDropzoneProps {
  /** Visible title of the field ('Images', 'Plans'). */
  label: string;
  /** Accessible name of the file input: 'Images du produit', 'Plans du site'… */
  inputLabel: string;
  /** Name of the multipart field, repeated once per file ('image', 'photo', 'plan'). */
  name: string;
  /** Word of the messages (spec 2 §5): "L'image …", "La photo …", "Le plan …". */
  kind: 'image' | 'photo' | 'plan';
  accept: readonly string[];
  min: number;
  max: number;
  files: File[];
  onChange: (files: File[]) => void;
  /** The field's error (form validation or the server's). */
  error?: string | null;
  /** Links of the files already saved (edit): shown, replaced when new files are given. */
  existing?: readonly string[];
  disabled?: boolean;
}

function FilePreview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  const isImage = file.type.startsWith('image/');
  const url = useMemo(
    () => (isImage && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file, isImage],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <Paper withBorder radius="sm" p={4} pos="relative" component="li" style={{ listStyle: 'none' }}>
      {isImage && url ? (
        <Image src={url} alt={file.name} h={84} fit="cover" radius="xs" />
      ) : (
        <Stack h={84} align="center" justify="center" gap={2} bg="var(--mantine-color-gray-0)">
          {file.type === 'application/pdf' ? (
            <IconFileTypePdf size={32} color="var(--mantine-color-red-7)" aria-hidden />
          ) : isImage ? (
            <IconPhoto size={32} aria-hidden />
          ) : (
            <IconFileText size={32} color="var(--mantine-color-blue-7)" aria-hidden />
          )}
        </Stack>
      )}
      <Text size="xs" truncate="end" mt={4} title={file.name}>
        {file.name}
      </Text>
      <Text size="xs" c="dimmed">
        {formatFileSize(file.size)}
      </Text>
      <ActionIcon
        size="sm"
        radius="xl"
        color="red"
        variant="filled"
        aria-label={`Retirer ${file.name}`}
        onClick={onRemove}
        disabled={disabled}
        pos="absolute"
        top={-8}
        right={-8}
      >
        <IconX size={14} aria-hidden />
      </ActionIcon>
    </Paper>
  );
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * A drop zone for a form's files (Mantine Dropzone): click, keyboard or drag and drop; checks
 * the type, the 10 MB limit and the count with the spec's messages; previews (thumbnails for
 * images, an icon and the name for documents) with remove buttons. The hidden file input is
 * named by `inputLabel`, so tests can set files on it.
 */
export function FileDropzone({
  label,
  inputLabel,
  name,
  kind,
  accept,
  min,
  max,
  files,
  onChange,
  error,
  existing = [],
  disabled,
}: FileDropzoneProps) {
  const id = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const openRef = useRef<() => void>(null);
  const [singular, plural] = NOUNS[kind];
  const types = acceptedTypesText(accept);
  const limits = `${types} · ${min > 0 ? `${min} à ${max}` : `jusqu’à ${max}`} ${max > 1 ? plural : singular} · 10 Mo maximum par fichier`;

  const onDrop = (dropped: File[]) => {
    const problems: string[] = [];
    const next = [...files];
    for (const file of dropped) {
      if (file.size > MEDIA_LIMITS.maxFileBytes) {
        problems.push(fileTooLargeMessage(kind, file.name));
        continue;
      }
      if (next.some((f) => sameFile(f, file))) continue;
      if (next.length >= max) {
        problems.push(
          `${max} ${plural} au maximum : « ${file.name} » n’a pas été ajouté${kind === 'plan' ? '' : 'e'}.`,
        );
        continue;
      }
      next.push(file);
    }
    setLocalError(problems.length ? problems.join(' ') : null);
    if (next.length !== files.length) onChange(next);
  };

  const onReject = (rejections: FileRejection[]) => {
    const problems = rejections.map(({ file, errors }) =>
      errors.some((e) => e.code === 'file-too-large')
        ? fileTooLargeMessage(kind, file.name)
        : `Le fichier « ${file.name} » n’est pas accepté. Types acceptés : ${types}.`,
    );
    setLocalError(problems.join(' '));
  };

  const shownError = localError ?? error ?? null;
  const errorId = `${id}-error`;
  const limitsId = `${id}-limits`;

  return (
    <Stack gap={6}>
      <Text component="div" size="sm" fw={500} id={`${id}-label`}>
        {label}
        {min > 0 && (
          <Text span c="red" aria-hidden>
            {' '}
            *
          </Text>
        )}
      </Text>
      {/* Not a button itself (its hidden file input would be a control inside a control): a click
          anywhere opens the file picker, the keyboard reaches the button inside. */}
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        accept={acceptMap(accept)}
        name={name}
        disabled={disabled}
        multiple
        openRef={openRef}
        role="group"
        aria-labelledby={`${id}-label`}
        activateOnKeyboard={false}
        enablePointerEvents
        inputProps={{ 'aria-label': inputLabel, 'aria-invalid': !!shownError }}
        style={shownError ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
        p="md"
      >
        <Group justify="center" gap="md" mih={72} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} color="var(--mantine-color-cyan-7)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} color="var(--mantine-color-red-6)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
              {kind === 'plan' ? <IconFileText size={24} /> : <IconPhoto size={24} />}
            </ThemeIcon>
          </Dropzone.Idle>
          <Stack gap={6} align="flex-start">
            <Text size="sm" fw={500}>
              Glissez vos fichiers ici ou
            </Text>
            <Button
              size="xs"
              variant="light"
              disabled={disabled}
              aria-describedby={shownError ? `${limitsId} ${errorId}` : limitsId}
              onClick={(event) => {
                event.stopPropagation();
                openRef.current?.();
              }}
            >
              Choisir des {plural}
            </Button>
            <Text size="xs" c="dimmed" id={limitsId}>
              {limits}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {existing.length > 0 && files.length === 0 && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {existing.length}{' '}
            {existing.length > 1
              ? `${plural} actuellement enregistré${kind === 'plan' ? 's' : 'es'}`
              : `${singular} actuellement enregistré${kind === 'plan' ? '' : 'e'}`}
            {'\u202f'}; les fichiers ajoutés ici les remplaceront.
          </Text>
          <Group gap={6}>
            {existing.map((url, i) =>
              mediaKind(url) === 'image' ? (
                <SafeImage key={url} src={url} alt={`${singular} ${i + 1}`} height={48} width={64} radius={4} />
              ) : (
                <ThemeIcon key={url} size={48} variant="light" color="gray" aria-label={`${singular} ${i + 1}`}>
                  <IconFileText size={24} aria-hidden />
                </ThemeIcon>
              ),
            )}
          </Group>
        </Stack>
      )}
      {files.length > 0 && (
        <SimpleGrid
          cols={{ base: 3, xs: 4, sm: 5 }}
          spacing="sm"
          component="ul"
          p={0}
          m={0}
          mt={6}
          aria-label={`Fichiers choisis : ${label}`}
        >
          {files.map((file, index) => (
            <FilePreview
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              disabled={disabled}
              onRemove={() => {
                setLocalError(null);
                onChange(files.filter((_, i) => i !== index));
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {files.length > 0 && (
        <Text size="xs" c="dimmed">
          {files.length} / {max} {files.length > 1 ? plural : singular}
        </Text>
      )}
      {shownError && (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {shownError}
        </Text>
      )}
    </Stack>
  );
}
