// The cards read by a reader nobody here wrote: Tesseract's Telugu model (Debian's tesseract-ocr-tel)
// must read most of the headline's words back, which a per-character drawing without shaping
// (vowel signs beside their consonants, conjuncts in pieces) does not give.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { renderShareCard, type CardShape } from '../media/share-card.ts';
import { photoLike } from './test-pictures.ts';

const run = promisify(execFile);
const hasTelugu = await run('tesseract', ['--list-langs'])
  .then(({ stdout, stderr }) => /^tel$/m.test(stdout + stderr))
  .catch(() => false);
if (!hasTelugu)
  console.warn('share-card-ocr: skipped: tesseract with Telugu (apt-get install tesseract-ocr-tel) is not installed');

/** Words as a reader compares them: no punctuation, no joiners (Tesseract puts ZWNJ after a virama). */
const words = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .split(/[\s,.:;!?…"'()\-–]+/u)
    .filter(Boolean);

describe.skipIf(!hasTelugu)('share cards read back by Tesseract', () => {
  let dir: string | undefined;
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  async function readBack(title: string, shape: CardShape, photo?: Buffer) {
    dir ??= await mkdtemp(path.join(os.tmpdir(), 'share-card-ocr-'));
    const file = path.join(dir, `${shape}-${Math.random().toString(36).slice(2)}.jpg`);
    await writeFile(file, await renderShareCard({ title, photo, colour: '#1e6f43' }, shape));
    const { stdout } = await run('tesseract', [file, '-', '-l', 'tel+eng'], { timeout: 60_000 });
    return new Set(words(stdout));
  }

  const expectMostWords = (title: string, read: Set<string>) => {
    const expected = words(title);
    const found = expected.filter((w) => read.has(w));
    expect(found.length, `read back: ${[...read].join(' ')}`).toBeGreaterThanOrEqual(Math.ceil(expected.length * 0.7));
  };

  it('reads the Telugu headline of a wide card on a photo', async () => {
    const title = 'కృష్ణా నదిపై కొత్త వంతెన ప్రారంభం, ముఖ్యమంత్రి చేతుల మీదుగా ప్రజలకు అంకితం';
    expectMostWords(title, await readBack(title, 'wide', await photoLike()));
  });

  it('reads a headline with English words on the square', async () => {
    const title = 'IPL 2026: సన్‌రైజర్స్ హైదరాబాద్ ఘన విజయం';
    expectMostWords(title, await readBack(title, 'square'));
  });

  it('cuts a long headline to three lines with an ellipsis', async () => {
    const title =
      'హైదరాబాద్‌లో భారీ వర్షాలు: లోతట్టు ప్రాంతాలు జలమయం, ట్రాఫిక్ స్తంభన, అధికారులు అప్రమత్తం, పాఠశాలలకు రెండు రోజుల సెలవు ప్రకటించిన ప్రభుత్వం, ప్రజలు ఇళ్ల నుంచి బయటకు రావద్దని సూచన';
    const read = await readBack(title, 'wide');
    // The first words are there, the last ones are not: cut, not shrunk to fit.
    expect(read.has('వర్షాలు')).toBe(true);
    expect(read.has('సూచన')).toBe(false);
  });
});
