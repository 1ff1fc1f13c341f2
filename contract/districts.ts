// District editions: the 26 districts of Andhra Pradesh (after the 2022 reorganisation) and the 33
// of Telangana, as data. A story may carry one district by its slug; readers pick theirs ('నా జిల్లా').
// Kept free of zod: the home page's island imports it.
import { FEED_PATHS } from './site.ts';

export type State = 'AP' | 'TG';
export type District = { slug: string; te: string; en: string; state: State };

export const STATE_NAMES: Record<State, { te: string; en: string }> = {
  AP: { te: 'ఆంధ్రప్రదేశ్', en: 'Andhra Pradesh' },
  TG: { te: 'తెలంగాణ', en: 'Telangana' },
};

const ap = (slug: string, te: string, en: string): District => ({ slug, te, en, state: 'AP' });
const tg = (slug: string, te: string, en: string): District => ({ slug, te, en, state: 'TG' });

export const DISTRICTS: readonly District[] = [
  ap('srikakulam', 'శ్రీకాకుళం', 'Srikakulam'),
  ap('vizianagaram', 'విజయనగరం', 'Vizianagaram'),
  ap('parvathipuram-manyam', 'పార్వతీపురం మన్యం', 'Parvathipuram Manyam'),
  ap('alluri-sitharama-raju', 'అల్లూరి సీతారామరాజు', 'Alluri Sitharama Raju'),
  ap('visakhapatnam', 'విశాఖపట్నం', 'Visakhapatnam'),
  ap('anakapalli', 'అనకాపల్లి', 'Anakapalli'),
  ap('kakinada', 'కాకినాడ', 'Kakinada'),
  ap('east-godavari', 'తూర్పు గోదావరి', 'East Godavari'),
  ap('konaseema', 'డా. బి.ఆర్. అంబేద్కర్ కోనసీమ', 'Dr. B.R. Ambedkar Konaseema'),
  ap('eluru', 'ఏలూరు', 'Eluru'),
  ap('west-godavari', 'పశ్చిమ గోదావరి', 'West Godavari'),
  ap('ntr', 'ఎన్టీఆర్', 'NTR'),
  ap('krishna', 'కృష్ణా', 'Krishna'),
  ap('palnadu', 'పల్నాడు', 'Palnadu'),
  ap('guntur', 'గుంటూరు', 'Guntur'),
  ap('bapatla', 'బాపట్ల', 'Bapatla'),
  ap('prakasam', 'ప్రకాశం', 'Prakasam'),
  ap('nellore', 'శ్రీ పొట్టి శ్రీరాములు నెల్లూరు', 'Sri Potti Sriramulu Nellore'),
  ap('kurnool', 'కర్నూలు', 'Kurnool'),
  ap('nandyal', 'నంద్యాల', 'Nandyal'),
  ap('anantapur', 'అనంతపురం', 'Anantapur'),
  ap('sri-sathya-sai', 'శ్రీ సత్యసాయి', 'Sri Sathya Sai'),
  ap('ysr-kadapa', 'వైఎస్ఆర్ కడప', 'YSR Kadapa'),
  ap('annamayya', 'అన్నమయ్య', 'Annamayya'),
  ap('chittoor', 'చిత్తూరు', 'Chittoor'),
  ap('tirupati', 'తిరుపతి', 'Tirupati'),

  tg('hyderabad', 'హైదరాబాద్', 'Hyderabad'),
  tg('medchal-malkajgiri', 'మేడ్చల్–మల్కాజిగిరి', 'Medchal–Malkajgiri'),
  tg('rangareddy', 'రంగారెడ్డి', 'Rangareddy'),
  tg('sangareddy', 'సంగారెడ్డి', 'Sangareddy'),
  tg('medak', 'మెదక్', 'Medak'),
  tg('siddipet', 'సిద్దిపేట', 'Siddipet'),
  tg('kamareddy', 'కామారెడ్డి', 'Kamareddy'),
  tg('nizamabad', 'నిజామాబాద్', 'Nizamabad'),
  tg('nirmal', 'నిర్మల్', 'Nirmal'),
  tg('adilabad', 'ఆదిలాబాద్', 'Adilabad'),
  tg('kumuram-bheem-asifabad', 'కుమురం భీం ఆసిఫాబాద్', 'Kumuram Bheem Asifabad'),
  tg('mancherial', 'మంచిర్యాల', 'Mancherial'),
  tg('jagtial', 'జగిత్యాల', 'Jagtial'),
  tg('peddapalli', 'పెద్దపల్లి', 'Peddapalli'),
  tg('karimnagar', 'కరీంనగర్', 'Karimnagar'),
  tg('rajanna-sircilla', 'రాజన్న సిరిసిల్ల', 'Rajanna Sircilla'),
  tg('jayashankar-bhupalpally', 'జయశంకర్ భూపాలపల్లి', 'Jayashankar Bhupalpally'),
  tg('mulugu', 'ములుగు', 'Mulugu'),
  tg('bhadradri-kothagudem', 'భద్రాద్రి కొత్తగూడెం', 'Bhadradri Kothagudem'),
  tg('khammam', 'ఖమ్మం', 'Khammam'),
  tg('mahabubabad', 'మహబూబాబాద్', 'Mahabubabad'),
  tg('warangal', 'వరంగల్', 'Warangal'),
  tg('hanumakonda', 'హనుమకొండ', 'Hanumakonda'),
  tg('jangaon', 'జనగాం', 'Jangaon'),
  tg('yadadri-bhuvanagiri', 'యాదాద్రి భువనగిరి', 'Yadadri Bhuvanagiri'),
  tg('suryapet', 'సూర్యాపేట', 'Suryapet'),
  tg('nalgonda', 'నల్గొండ', 'Nalgonda'),
  tg('nagarkurnool', 'నాగర్‌కర్నూల్', 'Nagarkurnool'),
  tg('wanaparthy', 'వనపర్తి', 'Wanaparthy'),
  tg('jogulamba-gadwal', 'జోగులాంబ గద్వాల', 'Jogulamba Gadwal'),
  tg('narayanpet', 'నారాయణపేట', 'Narayanpet'),
  tg('mahabubnagar', 'మహబూబ్‌నగర్', 'Mahabubnagar'),
  tg('vikarabad', 'వికారాబాద్', 'Vikarabad'),
];

const BY_SLUG = new Map(DISTRICTS.map((d) => [d.slug, d]));

export const districtBySlug = (slug: string): District | undefined => BY_SLUG.get(slug);

export const DISTRICT_MESSAGES = {
  unknown: (slug: string) => `District "${slug}" is not one of the districts of Andhra Pradesh or Telangana.`,
  notFound: 'District not found.',
} as const;

/** The district page's address and its feed. */
export const districtPath = (slug: string) => `/district/${slug}`;
export const districtFeedPath = FEED_PATHS.district;

/** Where the reader's own district is kept: their browser only, never a cookie. */
export const MY_DISTRICT_KEY = 'news:my-district';
