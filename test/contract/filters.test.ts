/**
 * Every filter a list takes has a meaning conformance can check, even when the item it first lists lacks the
 * field (an unset optional field is absent, docs/api-contract.md §2): otherwise a new filter on an optional field
 * (archived=true) reads as "no meaning for the filter" and conformance falls below 100 %.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filterMeaning } from '../../contract/conformance/checks';
import type { Document } from '../../contract/conformance/fields';
import { NOT_FILTERS } from '../../contract/conformance/inputs';
import { inputKeys, pathKeys, singleRequest } from '../../contract/conformance/world';

const document: Document = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'));
const lists = singleRequest().filter(
  ([, operation]) =>
    operation.method === 'GET' &&
    document.paths[`/v1${operation.path}`]?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties
      ?.has_more,
);
const filters = lists.flatMap(([name, operation]) =>
  inputKeys(operation)
    .filter((key) => !NOT_FILTERS.has(key) && !pathKeys(operation).includes(key))
    .map((key) => [name, key, operation] as const),
);

test('the registry has lists with filters to check', () => {
  expect(lists.length).toBeGreaterThanOrEqual(4);
  expect(filters.length).toBeGreaterThanOrEqual(10);
});

test.each(filters.map(([name, key, operation]) => [`${name}?${key}`, key, operation] as const))(
  '%s has a meaning with an item that has none of its optional fields',
  (_, key, operation) => {
    // listEvents' type is asked for one event type at a time (the fixed value).
    const fixed = key === 'type' ? 'invoice.created' : undefined;
    expect(filterMeaning(document, operation, key, { id: 'x_1' }, fixed)).toBeDefined();
  },
);
