// A search result title with every query word in <mark>, built as React text (never HTML).
import { highlightParts } from '../../../contract/highlight.ts';

export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}
