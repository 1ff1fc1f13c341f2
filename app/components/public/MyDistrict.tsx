// 'నా జిల్లా' on the home page: the reader picks their district once (kept in localStorage, never a
// cookie) and the home page shows its latest stories, drawn in the browser from the cached district
// API (app/islands/call.ts). An island (app/islands/): the server's HTML is the same for every reader (the prompt), so the
// cached home page stays one page for everyone.
import { useEffect, useState } from 'react';
import { stripTags } from '../../../contract/text.ts';
import { isLive, LIVE_LABEL, type Article } from '../../../contract/articles.ts';
import {
  DISTRICTS,
  districtBySlug,
  districtPath,
  MY_DISTRICT_KEY,
  STATE_NAMES,
  type State,
} from '../../../contract/districts.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { articlePath } from './paging.ts';
import { formatDateTime } from './format.ts';
import { islandCall } from '../../islands/call.ts';
import { ISLAND_ROUTES } from '../../../contract/island-routes.ts';
import type { DISTRICT_ROUTES } from '../../../contract/districts.schema.ts';

const T = MESSAGES.district;
/** How many of the district's stories the home page shows. */
export const MY_DISTRICT_STORIES = 5;

type Story = Pick<Article, 'id' | 'title' | 'publicationDate' | 'liveSince' | 'liveEndedAt'>;

function readChoice(): string | null {
  try {
    const slug = localStorage.getItem(MY_DISTRICT_KEY);
    return slug && districtBySlug(slug) ? slug : null;
  } catch {
    return null;
  }
}

function keepChoice(slug: string) {
  try {
    localStorage.setItem(MY_DISTRICT_KEY, slug);
  } catch {
    // Storage refused (private mode, full): the choice lasts for this page only.
  }
}

export function MyDistrict() {
  // The server draws no choice: the browser reads it after hydration.
  const [slug, setSlug] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [stories, setStories] = useState<Story[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => setSlug(readChoice()), []);

  useEffect(() => {
    if (!slug) return;
    let current = true;
    setStories(null);
    setFailed(false);
    islandCall<typeof DISTRICT_ROUTES.articles>(ISLAND_ROUTES.districtArticles, {
      params: { slug },
      query: { page: 0, size: MY_DISTRICT_STORIES },
    })
      .then((list) => current && setStories(list))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [slug]);

  const district = slug ? districtBySlug(slug) : undefined;
  const choose = (next: string) => {
    if (!districtBySlug(next)) return;
    keepChoice(next);
    setSlug(next);
    setPicking(false);
  };

  return (
    <section className="my-district" aria-labelledby="my-district-heading" data-district={district?.slug ?? ''}>
      <h2 id="my-district-heading" className="section-heading">
        {T.mine}
        {district && (
          <>
            {': '}
            <a href={districtPath(district.slug)}>{district.te}</a>
          </>
        )}
      </h2>
      {picking || !district ? (
        <div className="my-district-pick">
          {!district && <p className="my-district-prompt">{T.pickPrompt}</p>}
          {picking ? (
            <label className="my-district-select">
              <span>{T.pick}</span>
              <select value={slug ?? ''} onChange={(e) => choose(e.target.value)}>
                <option value="">{T.pick}</option>
                {(Object.keys(STATE_NAMES) as State[]).map((state) => (
                  <optgroup key={state} label={STATE_NAMES[state].te}>
                    {DISTRICTS.filter((d) => d.state === state).map((d) => (
                      <option key={d.slug} value={d.slug}>
                        {d.te}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </label>
          ) : (
            <button type="button" className="secondary" onClick={() => setPicking(true)}>
              {T.pick}
            </button>
          )}
        </div>
      ) : (
        <>
          {failed ? (
            <p className="form-error">{MESSAGES.common.networkFailed}</p>
          ) : stories === null ? (
            <p className="page-loading">{T.loading}</p>
          ) : stories.length === 0 ? (
            <p className="empty-text">{T.empty}</p>
          ) : (
            <ul className="my-district-list">
              {stories.map((s) => (
                <li key={s.id}>
                  {/* Not ArticleList's LiveBadge: that module brings React Router into this island. */}
                  {isLive(s) && <span className="live-badge">{LIVE_LABEL}</span>}
                  <a href={articlePath(s.id)}>{stripTags(s.title)}</a>{' '}
                  <time dateTime={s.publicationDate}>{formatDateTime(s.publicationDate)}</time>
                </li>
              ))}
            </ul>
          )}
          <p className="my-district-actions">
            <a href={districtPath(district.slug)}>{T.all}</a>
            <button type="button" className="link-button" onClick={() => setPicking(true)}>
              {T.change}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
