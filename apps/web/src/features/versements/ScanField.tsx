import { AttachmentField } from '../../ui/AttachmentField.tsx';
import { VERSEMENT_FIELD_LABELS } from './versement-form.ts';

export interface ScanFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The file's problem (too large, wrong type) or the server's. */
  error?: string | null;
  disabled?: boolean;
}

/** The receipt's scan (spec 3 §2.1, §5): optional, one PDF, JPEG or PNG of 5 MB at most. */
export function ScanField(props: ScanFieldProps) {
  return (
    <AttachmentField
      label={VERSEMENT_FIELD_LABELS.scan_recu}
      inputLabel="Fichier du scan du reçu"
      what="reçu"
      {...props}
    />
  );
}
