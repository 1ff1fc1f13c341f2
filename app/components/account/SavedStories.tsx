// The reader's saved stories on the account page, newest saved first, 10 at a time with 'మరిన్ని'.
// A story that is no longer public is not listed (the server leaves it out).
import { useEffect, useState } from 'react';
import { call } from '../../lib/api.ts';
import { SAVED_PAGE_SIZE, SAVED_ROUTES, type SavedPage } from '../../../contract/saved.ts';
import { formatDate } from '../public/format.ts';

type Item = SavedPage['content'][number];

export function SavedStories() {
  const [items, setItems] = useState<Item[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let current = true;
    call(SAVED_ROUTES.list, { query: { page, size: SAVED_PAGE_SIZE } })
      .then((result) => {
        if (!current) return;
        setItems((list) => (page === 0 ? result.content : [...list, ...result.content]));
        setTotal(result.totalElements);
        setState('ready');
      })
      .catch(() => current && setState('failed'));
    return () => {
      current = false;
    };
  }, [page]);

  async function unsave(id: number) {
    await call(SAVED_ROUTES.unsave, { params: { articleId: id } }).catch(() => undefined);
    setItems((list) => list.filter((a) => a.id !== id));
    setTotal((n) => Math.max(0, n - 1));
  }

  return (
    <section className="account-section saved-stories" aria-labelledby="saved-stories">
      <h2 id="saved-stories">సేవ్ చేసిన వార్తలు</h2>
      {state === 'loading' && items.length === 0 && <p>లోడ్ అవుతోంది…</p>}
      {state === 'failed' && <p className="form-error">సేవ్ చేసిన వార్తలు రాలేదు. మళ్లీ ప్రయత్నించండి.</p>}
      {state === 'ready' && items.length === 0 && <p>మీరు ఇంకా ఏ వార్తనూ సేవ్ చేయలేదు.</p>}
      {items.length > 0 && (
        <ul className="saved-list">
          {items.map((a) => (
            <li key={a.id}>
              <a href={`/article/${a.id}`} lang="te">
                {a.title}
              </a>{' '}
              <time dateTime={a.savedAt}>{formatDate(a.savedAt)}</time>{' '}
              <button
                type="button"
                className="secondary small"
                onClick={() => void unsave(a.id)}
                aria-label={`తీసివేయండి: ${a.title}`}
              >
                తీసివేయండి
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length < total && (
        <button type="button" className="secondary" onClick={() => setPage((p) => p + 1)}>
          మరిన్ని
        </button>
      )}
    </section>
  );
}
