/** What a media link points to, from its path (the API's signed links keep the file's extension). */
export function mediaKind(url: string): 'image' | 'pdf' | 'document' {
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (/\.(jpe?g|png|webp|gif|avif)$/.test(path)) return 'image';
  if (path.endsWith('.pdf')) return 'pdf';
  return 'document';
}

/** 2,4 Mo / 350 Ko */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;
}
