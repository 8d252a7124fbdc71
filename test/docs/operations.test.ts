/** docs/operations.md is what `npm run operations` writes from the registry and the platforms' modules. */
import fs from 'node:fs';
import path from 'node:path';
import { N8N_RESOURCES, operationsTable } from '../../contract/operationsTable';
import { operations } from '../../shared';
import { InvoicingApi } from '../../n8n/nodes/InvoicingApi/InvoicingApi.node';

const TABLE = path.join(__dirname, '..', '..', 'docs', 'operations.md');

test('docs/operations.md is up to date (run `npm run operations`)', () => {
  expect(fs.existsSync(TABLE) ? fs.readFileSync(TABLE, 'utf8') : 'docs/operations.md is missing').toBe(
    operationsTable(),
  );
});

test('the table reads every resource the n8n node lists', () => {
  const resource = new InvoicingApi().description.properties.find((property) => property.name === 'resource');
  expect(resource?.options?.map((option) => ('value' in option ? option.value : undefined))).toEqual(
    Object.keys(N8N_RESOURCES),
  );
});

test('each registry operation has its row, in the registry order', () => {
  const names = operationsTable()
    .split('\n')
    .flatMap((line) => line.match(/^\| `(\w+)` \|/)?.[1] ?? []);
  expect(names).toEqual(Object.keys(operations));
});
