/** `npm run operations`: writes docs/operations.md (never edit that file by hand). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { operationsTable } from './operationsTable';

const target = path.resolve('docs', 'operations.md'); // npm runs scripts at the repo root
writeFileSync(target, operationsTable());
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
