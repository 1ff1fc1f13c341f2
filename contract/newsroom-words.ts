// Words a staff password must not lean on (contract/staff-password.ts gives them to zxcvbn as user
// inputs): the site's name, the newsroom's words, Telugu papers and channels, and the two states'
// places in Latin letters. zxcvbn ranks a user input by its place in the list, so the likeliest
// come first. The site's own domain is added where it is known (siteAddressWords).
import { DISTRICTS, STATE_NAMES } from './districts.ts';

/** The site's name (SITE_NAME, తెలుగు వార్తలు) as staff type it in Latin letters. */
const SITE_NAME_LATIN = ['telugunews', 'teluguvartalu', 'teluguvarthalu', 'teluguvaarthalu', 'telugu', 'vartalu', 'varthalu'];

const NEWSROOM = [
  'news',
  'newsdesk',
  'newsroom',
  'desk',
  'editor',
  'reporter',
  'press',
  'media',
  'breaking',
  'headlines',
  'bulletin',
  'journalist',
  'samachar',
  'samacharam',
  'vartha',
  'vaartha',
  'patrika',
  'khabar',
];

/** Telugu dailies, channels and news sites. */
const PUBLICATIONS = [
  'eenadu',
  'sakshi',
  'andhrajyothy',
  'andhrajyothi',
  'andhraprabha',
  'prajasakti',
  'namasthetelangana',
  'manatelangana',
  'visalaandhra',
  'suryaa',
  'tv9',
  'ntv',
  'etv',
  'abn',
  'tv5',
  'v6news',
  'greatandhra',
  'telugu360',
];

/** Cities the districts' names leave out, and the capital. */
const CITIES = ['secunderabad', 'vijayawada', 'vizag', 'amaravati', 'rajahmundry', 'ongole', 'kadapa', 'tenali', 'bhimavaram'];

const latinWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 4);

const PLACES = [
  ...Object.values(STATE_NAMES).flatMap((s) => [s.en.toLowerCase().replace(/[^a-z]/g, ''), ...latinWords(s.en)]),
  'hyderabad',
  ...CITIES,
  ...DISTRICTS.flatMap((d) => [d.slug.replace(/-/g, ''), ...latinWords(d.en)]),
];

/** Every word, once, likeliest first. */
export const NEWSROOM_WORDS: readonly string[] = [...new Set([...SITE_NAME_LATIN, ...NEWSROOM, ...PUBLICATIONS, ...PLACES])];

/** The site's address as words: `https://www.telugunews.in` gives `telugunews.in` and `telugunews`. */
export function siteAddressWords(url: string): string[] {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return [];
  }
  const labels = host.replace(/^www\./, '').split('.');
  // The names before the public suffix (`.in`, `.co.in`: too short to count).
  const names = labels.slice(0, -1).filter((label) => label.length >= 4);
  return [...new Set([labels.join('.'), ...names])];
}
