// Other spellings of one page's address, as the security review sent them (server/http/canonical.ts).

/** `/public/articles/<id>` spelled `count` other ways a browser, a crawler or an attacker may send it. */
export function spellingsOf(id: number, count: number): string[] {
  const flip = (word: string, bits: number) => [...word].map((c, i) => ((bits >> i) & 1 ? c.toUpperCase() : c)).join('');
  const out = new Set<string>();
  for (let i = 1; out.size < count; i++) {
    const zeros = '0'.repeat(i % 4);
    const digits = i % 9 === 0 ? [...String(id)].map((d) => `%3${d}`).join('') : String(id);
    const tail = [i % 5 === 0 ? '/' : '', i % 7 === 0 ? `?ref=${i}` : ''].join('');
    out.add(`/${flip('public', i)}/${flip('articles', i >> 3)}/${zeros}${digits}${tail}`);
  }
  out.delete(`/public/articles/${id}`);
  return [...out];
}
