// The 'తెలుగు / ENG' toggle for phonetic Telugu typing, with its key table in a help popover.
// Placed inside a form (or dialog): it turns on typing for that form's `data-telugu` fields and its
// rich-text editor, and Ctrl+Shift+T anywhere in the form flips it. The state is shared by every
// form of the desk and remembered for the signed-in account (app/lib/telugu-typing.ts).
import { useEffect, useId, useRef, useState } from 'react';
import { COMMON_NAMES, KEY_TABLE } from '../../contract/telugu-typing.ts';
import {
  attachTeluguTyping,
  isTeluguTypingOn,
  loadTeluguTypingAccount,
  setTeluguTyping,
  useTeluguTyping,
} from '../lib/telugu-typing.ts';
import '../styles/telugu-typing.css';

export function TeluguTypingToggle() {
  const [on, setOn] = useTeluguTyping();
  const [helpOpen, setHelpOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  const helpId = useId();

  useEffect(() => {
    void loadTeluguTypingAccount();
  }, []);

  useEffect(() => {
    const root = ref.current?.closest<HTMLElement>('form, dialog, [data-telugu-scope]');
    if (!root) return;
    return attachTeluguTyping(root, () => setTeluguTyping(!isTeluguTypingOn()));
  }, []);

  useEffect(() => {
    if (!helpOpen) return;
    const close = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      setHelpOpen(false);
    };
    document.addEventListener('keydown', close, true);
    return () => document.removeEventListener('keydown', close, true);
  }, [helpOpen]);

  return (
    <span className="telugu-typing" ref={ref}>
      <button
        type="button"
        className="telugu-toggle"
        aria-pressed={on}
        title="Phonetic Telugu typing (Ctrl+Shift+T)"
        onClick={() => setOn(!on)}
      >
        <span className={on ? 'active' : undefined} lang="te">
          తెలుగు
        </span>
        {' / '}
        <span className={on ? undefined : 'active'}>ENG</span>
      </button>
      <button
        type="button"
        className="telugu-help-button"
        aria-expanded={helpOpen}
        aria-controls={helpOpen ? helpId : undefined}
        aria-label="How to type Telugu"
        title="How to type Telugu"
        onClick={() => setHelpOpen(!helpOpen)}
      >
        ?
      </button>
      {helpOpen && (
        <div id={helpId} className="telugu-help" role="region" aria-label="Telugu typing keys">
          <p>
            With <strong lang="te">తెలుగు</strong> on, type Telugu in English letters: the word turns into Telugu when you press
            space or a punctuation mark. <kbd>Backspace</kbd> right after gives the English letters back; <kbd>Esc</kbd> keeps the
            word you are typing in English. <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>T</kbd> switches on and off.
          </p>
          {KEY_TABLE.map((group) => (
            <table key={group.group}>
              <caption>{group.group}</caption>
              <tbody>
                {chunk(group.rows, 4).map((row, i) => (
                  <tr key={i}>
                    {row.map((r) => (
                      <td key={r.keys.join()}>
                        <kbd>{r.keys.join(' ')}</kbd> <span lang="te">{r.telugu}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
          <p>
            Examples: <kbd>telugu</kbd> <span lang="te">తెలుగు</span>, <kbd>amma</kbd> <span lang="te">అమ్మ</span>,{' '}
            <kbd>vaarta</kbd> <span lang="te">వార్త</span>, <kbd>kRshNa</kbd> <span lang="te">కృష్ణ</span>, <kbd>ciraMjIvi</kbd>{' '}
            <span lang="te">చిరంజీవి</span>.
          </p>
          <p>
            Words spell as on Gboard: <kbd>varsham</kbd> <span lang="te">వర్షం</span>, <kbd>kurisindi</kbd>{' '}
            <span lang="te">కురిసింది</span>, <kbd>lo</kbd> <span lang="te">లో</span>, <kbd>kuda</kbd> <span lang="te">కూడా</span>,{' '}
            <kbd>varshamlo</kbd> <span lang="te">వర్షంలో</span>; the capitals above still mean their letter inside a word.
          </p>
          <p>
            A word all in capitals is an acronym: <kbd>GHMC</kbd> <span lang="te">జీహెచ్ఎంసీ</span>, <kbd>TDPki</kbd>{' '}
            <span lang="te">టీడీపీకి</span>. Words taken from English and names are typed the English way: <kbd>police</kbd>{' '}
            <span lang="te">పోలీస్</span>, <kbd>hyderabadlo</kbd> <span lang="te">హైదరాబాద్‌లో</span>.
          </p>
          <p>
            Names typed the English way (in small letters) are known:{' '}
            {Object.entries(COMMON_NAMES).map(([telugu, spellings], i) => (
              <span key={telugu}>
                {i > 0 && ', '}
                <kbd>{spellings[0]}</kbd> <span lang="te">{telugu}</span>
              </span>
            ))}
            .
          </p>
        </div>
      )}
    </span>
  );
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
