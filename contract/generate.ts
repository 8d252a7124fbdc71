/** `npm run openapi`: writes docs/openapi.json from the operation modules (never edit that file by hand). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument, openApiText } from './openapi';

const target = path.resolve('docs', 'openapi.json'); // npm runs scripts at the repo root
writeFileSync(target, openApiText(openApiDocument()));
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
