import { readWxr } from './server/import/wxr.ts';
import { importContent } from './server/import/content.ts';
const want = new Set(process.argv.slice(3));
for await (const e of readWxr(process.argv[2])) {
  if (e.kind !== 'item' || e.item.postType !== 'post') continue;
  if (!want.has(e.item.title)) continue;
  const r = importContent(e.item.content);
  console.log('=====', e.item.title, JSON.stringify({ v: r.youtubeVideoId, pics: r.pictures.length, gal: r.galleries }));
  console.log(r.html.slice(0, 1800));
}
