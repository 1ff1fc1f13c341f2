// The yardstick: a minimal node:http server sending one file's bytes for every request, brotli-
// compressed ahead of time (same settings as the app's render cache) when the client accepts it.
// Usage: node bench/static-server.ts <file> <port>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

const [file, port] = process.argv.slice(2);
const body = readFileSync(file);
const br = brotliCompressSync(body, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});
const type = { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding' };
const server = http.createServer((request, response) => {
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) {
    response.writeHead(200, { ...type, 'content-encoding': 'br', 'content-length': String(br.length) });
    response.end(br);
  } else {
    response.writeHead(200, { ...type, 'content-length': String(body.length) });
    response.end(body);
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log(`static server on ${port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
