/** What a media link points to, from its path (the API's signed links keep the file's extension). */
export function mediaKind(url: string): 'image' | 'pdf' | 'document' {
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (/\.(jpe?g|png|webp|gif|avif)$/.test(path)) return 'image';
  if (path.endsWith('.pdf')) return 'pdf';
  return 'document';
}
