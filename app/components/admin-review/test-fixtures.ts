// Stories and revisions for the review screens' component tests.
import type { Article } from '../../../contract/articles.ts';
import type { Revision, RevisionSummary } from '../../../contract/drafts.ts';

export function storyFixture(over: Partial<Article> = {}): Article {
  return {
    id: 7,
    title: 'వరద హెచ్చరిక',
    author: 'రవి',
    content: '<p>కృష్ణా నదికి వరద.</p>',
    youtubeVideoId: null,
    region: 'విజయవాడ',
    categories: [{ id: 1, name: 'రాష్ట్రం' }],
    imageUrls: [],
    images: [],
    shortDescription: 'కృష్ణా నదికి వరద.',
    summary: null,
    publicationDate: '2026-11-28T12:35:00.000Z',
    reporterName: 'రవి',
    approvalStatus: 'PENDING',
    rejectionReason: null,
    breakingUntil: null,
    district: null,
    liveSince: null,
    liveEndedAt: null,
    tags: [],
    ...over,
  };
}

export const revisionsFixture: RevisionSummary[] = [
  {
    id: 12,
    articleId: 7,
    kind: 'EDIT',
    createdAt: '2026-11-28T12:35:00.000Z',
    editor: { id: 1, name: 'admin' },
    restoredFromId: null,
    changed: ['title'],
  },
  {
    id: 11,
    articleId: 7,
    kind: 'CREATE',
    createdAt: '2026-11-27T04:30:00.000Z',
    editor: { id: 2, name: 'రవి' },
    restoredFromId: null,
    changed: [],
  },
];

export const oldRevisionFixture: Revision = {
  ...revisionsFixture[1],
  title: 'పాత శీర్షిక',
  author: 'రవి',
  content: '<p>మొదటి వివరాలు.</p>',
  region: 'విజయవాడ',
  youtubeVideoId: null,
  categories: [{ id: 1, name: 'రాష్ట్రం' }],
  imageUrls: [],
  imagesNoLongerStored: 0,
};
