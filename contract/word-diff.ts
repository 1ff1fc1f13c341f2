// Word-level diff for 'Changes since rejection': text is cut into words with Intl.Segmenter, so a
// Telugu word (with its vowel signs, viramas and joiners) is never split mid-cluster, and the
// `diff` package lines the two word lists up.
import { diffArrays } from 'diff';

export type DiffPart = { text: string; kind: 'same' | 'added' | 'removed' };

// Made on first use: the server imports this with every page, and ICU's word data costs memory.
let segmenter: Intl.Segmenter | undefined;

/** Words, spaces and punctuation in order; joined they give back the text exactly. */
export function segmentWords(text: string): string[] {
  segmenter ??= new Intl.Segmenter('te', { granularity: 'word' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The reading text of stored article HTML: tags out, blocks on their own lines, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|hr)\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Runs of unchanged, removed and added words (neighbouring runs of one kind are merged). */
export function wordDiff(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const change of diffArrays(segmentWords(before), segmentWords(after))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const text = change.value.join('');
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else if (text) parts.push({ text, kind });
  }
  return parts;
}
