/**
 * The contract as a document and a page: `GET /openapi.json` (docs/openapi.json, with this sandbox listed
 * first among its servers so "Try it out" reaches it) and `GET /api-reference`, the document rendered by
 * Swagger UI from the swagger-ui-dist package, served from here (no CDN). The dashboard links the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reply } from '../routes/router';

/** Beside the built cli.js (build.mjs copies them), or in the sources' own places. */
function locate(built: string, source: () => string): string {
  const beside = path.join(__dirname, 'public', built);
  return existsSync(beside) ? beside : source();
}

/** Swagger UI's two files, as the swagger-ui-dist package ships them. */
const SWAGGER_UI: Record<string, string> = {
  '/api-reference/swagger-ui.css': 'text/css; charset=utf-8',
  '/api-reference/swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const swaggerUiFile = (name: string) =>
  locate(`swagger-ui/${name}`, () => path.join(__dirname, '..', '..', 'node_modules', 'swagger-ui-dist', name));

const PAGE =
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoicing API reference (sandbox)</title>
<link rel="stylesheet" href="/api-reference/swagger-ui.css">
<style>body{margin:0} .back{font:14px system-ui,sans-serif;padding:10px 20px;display:block}</style></head>
<body><a class="back" href="/dashboard">← Dashboard</a><div id="reference"></div>
<script src="/api-reference/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', ` +
  `deepLinking: true, defaultModelsExpandDepth: 0 });</script>
</body></html>`;

export function apiReferencePages(ownUrl: () => string) {
  const cache = new Map<string, string>();
  const read = (file: string) => {
    if (!cache.has(file)) cache.set(file, readFileSync(file, 'utf8'));
    return cache.get(file)!;
  };
  return (route: string): Reply | undefined => {
    if (route === '/openapi.json') {
      const document = JSON.parse(
        read(locate('openapi.json', () => path.join(__dirname, '..', '..', 'docs', 'openapi.json'))),
      );
      document.servers = [{ url: ownUrl(), description: 'This sandbox' }, ...document.servers];
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: document };
    }
    if (route === '/api-reference')
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE };
    const type = SWAGGER_UI[route];
    return type === undefined
      ? undefined
      : {
          status: 200,
          headers: { 'content-type': type, 'cache-control': 'max-age=3600' },
          body: read(swaggerUiFile(route.split('/').pop()!)),
        };
  };
}
