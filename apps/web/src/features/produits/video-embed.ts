/**
 * The embeddable address of a video link (YouTube and Vimeo, the players the page may frame),
 * or null when the link cannot be embedded.
 */
export function videoEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const id = (value: string | null | undefined) => (value && /^[\w-]{6,}$/.test(value) ? value : null);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    const video =
      url.pathname === '/watch'
        ? id(url.searchParams.get('v'))
        : ['embed', 'shorts', 'live'].includes(first ?? '')
          ? id(second)
          : null;
    return video ? `https://www.youtube.com/embed/${video}` : null;
  }
  if (host === 'youtu.be') {
    const video = id(url.pathname.slice(1));
    return video ? `https://www.youtube.com/embed/${video}` : null;
  }
  if (host === 'vimeo.com') {
    const video = url.pathname.split('/').find((part) => /^\d+$/.test(part));
    return video ? `https://player.vimeo.com/video/${video}` : null;
  }
  if (host === 'player.vimeo.com' && /^\/video\/\d+/.test(url.pathname))
    return `https://player.vimeo.com${url.pathname}`;
  return null;
}
