// Latest-news ticker labelled 'లేటెస్ట్' with up to 10 headlines.
import { Link } from 'react-router';
import type { Headline } from '../lib/site.ts';
import { BREAKING_LABEL } from '../../contract/articles.ts';

export const TICKER_ITEMS = 10;

export function Ticker({ headlines }: { headlines: Headline[] }) {
  const items = headlines.slice(0, TICKER_ITEMS);
  if (items.length === 0) return null;
  return (
    <div className="ticker" aria-label="లేటెస్ట్">
      <span className="ticker-label">లేటెస్ట్</span>
      <div className="ticker-window">
        <ul className="ticker-track">
          {items.map((h) => (
            <li key={h.id} className={h.breaking ? 'ticker-item-breaking' : undefined}>
              {h.breaking && <span className="ticker-breaking">{BREAKING_LABEL}</span>}
              <Link to={`/public/articles/${h.id}`}>{h.title}</Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
