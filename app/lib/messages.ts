// Every word the reader's side of the site shows, in one place: Telugu, except the texts the product
// keeps word for word (the English ones below, listed in docs/product.md). A later English/Telugu
// switch is this file. The dashboards keep their own texts.
import { CORRECTION_HEADING } from '../../contract/articles.ts';
import { isOverExactTotal, SEARCH_EXACT_TOTAL } from '../../contract/search.ts';

export const MESSAGES = {
  common: {
    homeLink: 'హోమ్ పేజీకి వెళ్ళండి',
    retry: 'మళ్ళీ ప్రయత్నించండి',
    /** A call that never reached the server (offline, dropped connection): said in Telugu, with a retry. */
    networkFailed: 'సర్వర్‌ను చేరుకోలేకపోయాం. ఇంటర్నెట్ కనెక్షన్ చూసి మళ్ళీ ప్రయత్నించండి.',
    skipToContent: 'ముఖ్య భాగానికి వెళ్ళండి',
    pageNotFound: 'ఈ పేజీ కనిపించలేదు',
    somethingWrong: 'ఏదో పొరపాటు జరిగింది',
  },
  header: {
    menu: 'మెనూ',
    closeMenu: 'మెనూ మూసివేయండి',
    search: 'వెతకండి',
    closeSearch: 'వెతకడం ఆపండి',
    searchLabel: 'వార్తల కోసం వెతకండి',
    searchPlaceholder: 'వార్తల కోసం వెతకండి...',
    categories: 'విభాగాలు',
    drawerCategories: 'మెనూలో విభాగాలు',
    social: 'సోషల్ మీడియా',
    aboutUs: 'మా గురించి',
    login: 'లాగిన్',
    logout: 'లాగౌట్',
    /** Staff: back to their dashboard from the reading side. */
    myDashboard: 'నా డాష్‌బోర్డ్',
    /** A reader's own account page. */
    myAccount: 'నా ఖాతా',
    ticker: 'లేటెస్ట్',
  },
  /** The staff screens' shell (app/components/staff/StaffShell.tsx). */
  staff: {
    menu: 'సిబ్బంది మెనూ',
    /** Back to the reading site. */
    site: 'వార్తలు',
  },
  login: {
    /** The modal's tabs keep their English names visible, Telugu beside them. */
    loginTab: { te: 'ప్రవేశం', en: 'Login' },
    registerTab: { te: 'నమోదు', en: 'Register' },
    close: 'మూసివేయండి',
    username: 'యూజర్ పేరు',
    password: 'పాస్‌వర్డ్',
    email: 'ఈమెయిల్',
    showPassword: 'చూపించు',
    hidePassword: 'దాచు',
    submitLogin: 'ప్రవేశించండి',
    submitRegister: 'నమోదు చేసుకోండి',
    code: 'ధృవీకరణ కోడ్',
    codeHint: 'మీ ఆథెంటికేటర్ యాప్ చూపే 6 అంకెల కోడ్, లేదా మీ రికవరీ కోడ్‌లలో ఒకటి.',
    /** Shown when a signed-out visitor followed a link to a dashboard. */
    signInToContinue: 'ఆ పేజీ తెరవడానికి ముందు ప్రవేశించండి.',
    forgot: 'పాస్‌వర్డ్ మర్చిపోయారా?',
    forgotTitle: { te: 'పాస్‌వర్డ్ మర్చిపోయారా?', en: 'Forgot password' },
    forgotIntro: 'మీ ఖాతా ఈమెయిల్ చిరునామా ఇవ్వండి: కొత్త పాస్‌వర్డ్ ఎంచుకునే లింక్ పంపుతాము.',
    submitForgot: 'లింక్ పంపండి',
    backToLogin: 'ప్రవేశానికి తిరిగి',
  },
  home: {
    loading: 'Loading homepage...',
    loadingVideos: 'Loading videos...',
    loadingFeatured: 'Loading featured categories...',
    error: 'Error loading homepage: ',
    noLatest: 'No latest articles',
    noFeatured: 'No featured category selected',
    adsFailed: 'Failed to load advertisements. Please try again later.',
    latest: 'తాజా వార్తలు',
    /** 'తాజా' + a category's name heads each featured pane. */
    latestWord: 'తాజా',
    /** Beside a featured pane's heading, which links to the whole category. */
    allOfCategory: 'అన్నీ →',
    videos: 'వీడియోలు',
    featured: 'ముఖ్య విభాగాలు',
  },
  carousel: {
    carousel: 'స్లైడ్‌షో',
    slide: 'స్లైడ్',
    previous: 'మునుపటిది',
    next: 'తరువాతది',
  },
  ads: { label: 'ప్రకటన' },
  article: {
    notFound: 'Article not found.',
    related: 'సంబంధిత వార్తలు',
    latest: 'తాజా వార్తలు',
    share: 'షేర్ చేయండి',
    whatsApp: 'WhatsApp',
    /** The square share picture (WhatsApp status, Instagram), downloaded from the share row. */
    sharePicture: 'చిత్రం పంచుకోండి',
    copied: 'URL Copied!',
    copyFailed: 'Failed to copy article URL. Please copy manually.',
    pictures: 'ఫోటోలు',
    /** The corrections under a story, each with its time to the minute. */
    corrections: CORRECTION_HEADING,
  },
  /** Breaking news on the phone: the opt-in under an article (app/components/public/PushOptIn.tsx). */
  push: {
    button: 'ఫోన్‌లో బ్రేకింగ్ వార్తలు పొందండి',
    buttonOn: 'వార్తల హెచ్చరికలు ఆన్‌లో ఉన్నాయి',
    legend: 'ఏ వార్తలు పంపాలి?',
    breaking: 'బ్రేకింగ్ న్యూస్',
    /** The category's own name: 'క్రీడలు వార్తలు' read wrong (the names are nouns, not adjectives). */
    category: (name: string) => name,
    subscribe: 'హెచ్చరికలు ఆన్ చేయండి',
    update: 'ఎంపిక మార్చండి',
    stop: 'హెచ్చరికలు ఆపండి',
    pickOne: 'కనీసం ఒకటి ఎంచుకోండి.',
    working: 'ఒక్క క్షణం…',
    subscribed: 'సరే! ఎంచుకున్న వార్తలు మీ ఫోన్‌కి వస్తాయి.',
    stopped: 'హెచ్చరికలు ఆపివేశాం.',
    denied: 'మీ బ్రౌజర్ సెట్టింగ్స్‌లో ఈ సైట్‌కి నోటిఫికేషన్లు అనుమతించండి.',
    unsupported: 'ఈ బ్రౌజర్‌లో వార్తల హెచ్చరికలు పని చేయవు.',
    failed: 'హెచ్చరికలు ఆన్ కాలేదు. మళ్ళీ ప్రయత్నించండి.',
  },
  mostRead: 'ఎక్కువ మంది చదివినవి',
  list: {
    loadMore: 'మరిన్ని',
    /** The end of a category or search list. */
    noMore: 'ఇంకా వార్తలు లేవు.',
  },
  category: {
    empty: 'ఈ విభాగంలో ఇంకా వార్తలు లేవు.',
    notFound: 'ఈ విభాగం కనిపించలేదు.',
  },
  district: {
    empty: 'ఈ జిల్లా నుంచి ఇంకా వార్తలు లేవు.',
    notFound: 'ఈ జిల్లా కనిపించలేదు.',
    /** '<district> జిల్లా వార్తలు' */
    news: (name: string) => `${name} జిల్లా వార్తలు`,
    mine: 'నా జిల్లా',
    pick: 'మీ జిల్లాను ఎంచుకోండి',
    pickPrompt: 'మీ జిల్లా వార్తలు ఇక్కడ చూడాలంటే ఒకసారి ఎంచుకోండి. ఎంపిక మీ బ్రౌజర్‌లోనే ఉంటుంది.',
    change: 'మార్చండి',
    all: 'అన్ని వార్తలు',
    loading: 'జిల్లా వార్తలు వస్తున్నాయి...',
  },
  live: {
    heading: 'లైవ్ అప్‌డేట్స్',
    ended: 'లైవ్ కవరేజ్ ముగిసింది.',
    none: 'ఇంకా అప్‌డేట్స్ లేవు.',
    /** Said to screen readers when new updates arrive. */
    fresh: (n: number) => (n === 1 ? '1 కొత్త అప్‌డేట్' : `${n} కొత్త అప్‌డేట్స్`),
    /** The load-more of older updates under the newest ones. */
    older: 'పాత అప్‌డేట్‌లు',
    olderFailed: 'పాత అప్‌డేట్‌లు రాలేదు. మళ్ళీ ప్రయత్నించండి.',
  },
  search: {
    heading: 'శోధన',
    button: 'వెతకండి',
    prompt: 'వార్తల కోసం ఒక పదం టైప్ చేయండి.',
    /** How many articles matched the query; above SEARCH_EXACT_TOTAL the total is an estimate: "more than 1,000". */
    count: (n: number) =>
      n === 1
        ? '1 వార్త దొరికింది'
        : isOverExactTotal(n)
          ? `${SEARCH_EXACT_TOTAL.toLocaleString('en-IN')}కి పైగా వార్తలు దొరికాయి`
          : `${n.toLocaleString('en-IN')} వార్తలు దొరికాయి`,
    /** Nothing found: said in Telugu, then in SPEC's English words. */
    empty: 'మీరు వెతికిన పదాలతో వార్తలు ఏవీ దొరకలేదు.',
    emptyEnglish: 'No articles found matching your search criteria.',
    error: 'Error loading search results: ',
    /** How a failed search call is worded. */
    failed: (status: number) => `An error occurred: ${status}`,
  },
  about: {
    heading: 'మా గురించి',
    empty: 'మా గురించి పేజీ ఇంకా రాయలేదు.',
    credit: 'వార్తా సంస్థ ఇంజనీరింగ్ బృందం తయారు చేసింది',
  },
  unauthorized: {
    heading: 'అనుమతి లేదు',
    body: 'ఈ పేజీ చూసే అనుమతి మీ ఖాతాకు లేదు.',
  },
  /** The reader's settings (app/components/public/ReaderSettings.tsx) and an article's dates. */
  reader: {
    settings: 'చదివే సౌకర్యం',
    smaller: 'అక్షరాలు చిన్నవిగా',
    larger: 'అక్షరాలు పెద్దవిగా',
    dark: 'డార్క్ థీమ్',
    published: 'ప్రచురణ',
    updated: 'నవీకరణ',
  },
  account: {
    greeting: (name: string) => `నమస్తే, ${name}`,
    reading: 'చదవడం కొనసాగించండి',
    latestNews: 'తాజా వార్తలు',
    searchNews: 'వార్తల కోసం వెతకండి',
    changePassword: 'పాస్‌వర్డ్ మార్చండి',
    currentPassword: 'ప్రస్తుత పాస్‌వర్డ్',
    newPassword: 'కొత్త పాస్‌వర్డ్',
    passwordNotChanged: 'పాస్‌వర్డ్ మారలేదు. మళ్ళీ ప్రయత్నించండి.',
    passwordChanged: 'పాస్‌వర్డ్ మారింది. మిగతా అన్ని చోట్ల లాగౌట్ అయ్యారు.',
    currentPasswordWrong: 'ప్రస్తుత పాస్‌వర్డ్ సరికాదు.',
    sessions: 'సెషన్‌లు',
    sessionsHint: 'వేరేవాళ్ల పరికరంలో లేదా పోయిన ఫోన్‌లో ప్రవేశించి ఉన్నారా? ఇది తప్ప మిగతా అన్ని సెషన్‌లను ముగించండి.',
    signOutOthers: 'మిగతా అన్ని చోట్ల లాగౌట్ చేయండి',
    signedOutOthers: 'మిగతా అన్ని బ్రౌజర్లు, పరికరాల నుంచి లాగౌట్ అయ్యారు.',
    signOutOthersFailed: 'మిగతా సెషన్‌లను ముగించలేకపోయాం. మళ్ళీ ప్రయత్నించండి.',
    /** Beside a staff password field: the staff password rule. */
    staffRule: (min: number) => `రిపోర్టర్లు, అడ్మిన్‌లు: కనీసం ${min} అక్షరాలు, ఊహించడానికి కష్టమైనది (కొన్ని అరుదైన పదాలు కలిపితే బాగుంటుంది).`,
    strength: 'పాస్‌వర్డ్ బలం',
    strengths: ['చాలా బలహీనం', 'బలహీనం', 'పర్వాలేదు', 'బలమైనది', 'చాలా బలమైనది'],
  },
  /** /reset-password/{token}: the password set from an admin's one-time link. */
  reset: {
    title: 'కొత్త పాస్‌వర్డ్ ఎంచుకోండి',
    again: 'కొత్త పాస్‌వర్డ్ మళ్ళీ',
    notSame: 'రెండు పాస్‌వర్డ్‌లు ఒకేలా లేవు.',
    failed: 'పాస్‌వర్డ్ సెట్ కాలేదు. మళ్ళీ ప్రయత్నించండి.',
    submit: 'కొత్త పాస్‌వర్డ్ సెట్ చేయండి',
    done: 'మీ కొత్త పాస్‌వర్డ్ సెట్ అయింది; ఇంతకు ముందు ప్రవేశించిన అన్ని చోట్లా లాగౌట్ అయ్యారు.',
    home: 'హోమ్ పేజీకి వెళ్ళి',
    signIn: 'కొత్త పాస్‌వర్డ్‌తో ప్రవేశించండి.',
  },
} as const;

/** fetch() rejects with a TypeError when the request never got an answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}
