// Where pages and the API link a stored picture: /media/<name> on this site (streamed from the
// local folder or the bucket), or MEDIA_PUBLIC_URL/<name> (a CDN or the bucket's own address).
//
// One setting for the whole process, made by createServices from its configuration: a server
// serves one site, and every reader of articles (lists, pages, feeds, search, the review desk)
// builds picture links through model.ts without a services object at hand.
export const LOCAL_MEDIA_PREFIX = '/media/';

let base = LOCAL_MEDIA_PREFIX;

/** MEDIA_PUBLIC_URL without its trailing slash, or undefined for /media/ on this site. */
export function setMediaPublicUrl(publicUrl: string | undefined) {
  base = publicUrl ? `${publicUrl}/` : LOCAL_MEDIA_PREFIX;
}

/** The address pages and the API give a stored file. */
export const mediaLink = (name: string) => `${base}${name}`;

/** The stored name a link of ours points at (either form, so links made before a switch still count), or undefined. */
export function mediaNameOf(url: string): string | undefined {
  const prefix = url.startsWith(LOCAL_MEDIA_PREFIX) ? LOCAL_MEDIA_PREFIX : url.startsWith(base) ? base : undefined;
  return prefix === undefined ? undefined : url.slice(prefix.length);
}
