/**
 * Zapier's integration checks (https://docs.zapier.com/platform/publish/integration-checks-reference) that can
 * be judged from the built app's serialised definition, each under its published code; docs/zapier-checks.md
 * lists them all, with what is done about the ones only Zapier's servers or live users can judge. Each check
 * reads every trigger, create and search the definition holds, so an operation added later is checked
 * without a line here. A finding names the code, the item and what would pass.
 */
type Definition = Record<string, any>;
type Item = Record<string, any>;

export interface Finding {
  code: string;
  where: string;
  problem: string;
}

const KINDS = ['triggers', 'creates', 'searches'] as const;

/** Every trigger, create and search with where it is: `creates.send_invoice`. */
export function itemsOf(definition: Definition): Array<{ where: string; kind: string; item: Item }> {
  return KINDS.flatMap((kind) =>
    Object.entries<Item>(definition[kind] ?? {}).map(([key, item]) => ({ where: `${kind}.${key}`, kind, item })),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys as Zapier's editor flattens an answer: `whatsapp__status`, `items[]amount` (written here, not imported). */
export function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node) && node.length && node.every(isObject)) {
      for (const child of node) visit(child, `${path}[]`);
    } else if (isObject(node) && Object.keys(node).length) {
      for (const [key, child] of Object.entries(node)) {
        visit(child, path ? (path.endsWith('[]') ? `${path}${key}` : `${path}__${key}`) : key);
      }
    } else if (!out.has(path) || out.get(path) === null) out.set(path, node);
  };
  visit(value, prefix);
  return out;
}

/** Zapier's output-field types and the JSON values each takes (null stands for "none" in any of them). */
const TYPE_OK: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  datetime: (value) => typeof value === 'string' && isIsoMoment(value),
};

/** D023 / T003: a date alone, or a date and time with its zone. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}|^\d{1,2} [A-Z][a-z]{2} \d{4}/;
export const isIsoMoment = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ||
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value);

/** D018: each word capitalised except short joining words, as Zapier's suggestion writes it. */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
export function titleCased(label: string): string {
  return label
    .split(' ')
    .map((word, index) => {
      const bare = word.replace(/^\(/, '');
      if (index > 0 && SMALL_WORDS.has(bare.toLowerCase())) return word.toLowerCase();
      const at = word.length - bare.length;
      return word.slice(0, at) + bare.charAt(0).toUpperCase() + bare.slice(1);
    })
    .join(' ');
}

const SENSITIVE_KEY = /(api_?key|token|secret|password|passwd)/i;
const FUNCTION = /^\$func\$/;
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** D008: a link is `[text](https://…)` or in backticks; any other URL or a broken bracket pair fails. */
function badLinks(text: string): string[] {
  const outsideCode = text.replace(/`[^`]*`/g, '');
  const withoutLinks = outsideCode.replace(/\[[^\]]+\]\((https?:\/\/|mailto:)[^)\s]+\)/g, '');
  const found = [...withoutLinks.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  if (/\[[^\]]*\(/.test(withoutLinks) || /\]\s+\(/.test(withoutLinks)) found.push('a broken [text](link)');
  return found;
}

/** Every string in the definition with its path, for the URL checks (D007, D025). */
function strings(value: unknown, path: string, out: Array<[string, string]> = []) {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((child, index) => strings(child, `${path}[${index}]`, out));
  else if (isObject(value)) for (const [key, child] of Object.entries(value)) strings(child, `${path}.${key}`, out);
  return out;
}

/** D024: every output field is in the static sample, and each typed one has a value of its type. */
export function sampleAgainstOutputFields(
  sample: unknown,
  outputFields: Item[],
  code: string,
  where: string,
  what = 'the sample',
) {
  const findings: Finding[] = [];
  const flat = flatten(sample);
  for (const field of outputFields.filter((candidate) => isObject(candidate) && candidate.key)) {
    if (!flat.has(field.key)) {
      findings.push({ code, where, problem: `output field ${field.key} (${field.label}) is missing from ${what}` });
      continue;
    }
    const value = flat.get(field.key);
    if (field.type && value !== null && TYPE_OK[field.type] && !TYPE_OK[field.type](value)) {
      findings.push({ code, where, problem: `output field ${field.key} is typed ${field.type}, ${what} has ${value}` });
    }
  }
  return findings;
}

/** The checks judged from the definition alone. */
export function definitionFindings(definition: Definition): Finding[] {
  const findings: Finding[] = [];
  const add = (code: string, where: string, problem: string) => findings.push({ code, where, problem });
  const auth = definition.authentication ?? {};
  const searches = definition.searches ?? {};
  const triggers = definition.triggers ?? {};
  // D004 is about this app's own items: `invoice_id`, not a tax ID the user types from a document.
  const nouns = new Set(itemsOf(definition).map(({ item }) => String(item.noun).toLowerCase().replace(/ /g, '_')));

  for (const field of auth.fields ?? []) {
    if (!/\[[^\]]+\]\(https:\/\/[^)]+\)/.test(field.helpText ?? '')) {
      add('D002', `authentication.${field.key}`, 'help text needs a [link](https://…) to where the key is found');
    }
    if (/domain|url|host/i.test(field.key) || field.inputFormat) {
      add('D026', `authentication.${field.key}`, 'a user-given domain needs validation (D026); keep it out of auth');
    }
  }
  if (typeof auth.connectionLabel === 'string' && SENSITIVE_KEY.test(auth.connectionLabel)) {
    add('D003', 'authentication.connectionLabel', `names a credential: ${auth.connectionLabel}`);
  }
  if (definition.flags?.cleanInputData === true) add('D028', 'flags', 'cleanInputData should not be true');

  for (const { where, kind, item } of itemsOf(definition)) {
    const { display = {}, operation = {} } = item;
    const label: string = display.label ?? '';
    const hidden = display.hidden === true;
    const inputFields: Item[] = Array.isArray(operation.inputFields) ? operation.inputFields : [];

    if (!hidden && label !== titleCased(label))
      add('D018', where, `label "${label}" should read "${titleCased(label)}"`);
    const description: string = display.description ?? '';
    if (kind === 'triggers' && !hidden && !(description.startsWith('Triggers when ') && description.endsWith('.'))) {
      add('D021', where, 'description must start "Triggers when " and end with "."');
    }
    for (const link of badLinks(description)) add('D008', where, `description: ${link} is not a markdown link`);
    if (operation.cleanInputData === true) add('D028', where, 'cleanInputData should not be true');

    if (operation.sample === undefined) add('D012', where, 'has no static sample');
    else {
      findings.push(...sampleAgainstOutputFields(operation.sample, operation.outputFields ?? [], 'D024', where));
      const primary = (operation.outputFields ?? []).filter((field: Item) => field.primary).map((f: Item) => f.key);
      const keys = primary.length ? primary : ['id'];
      const flat = flatten(operation.sample);
      // D010 is about polling triggers' deduper; an `id` in every sample is the house rule on top of it.
      for (const key of keys.filter((candidate: string) => !flat.has(candidate))) {
        add('D010', where, `the sample has no ${key} (the deduper's key)`);
      }
      for (const [key, value] of flat) {
        if (typeof value === 'string' && DATE_LIKE.test(value) && /date|_at$|time/i.test(key) && !isIsoMoment(value)) {
          add('D023', where, `sample ${key} = ${value} is not an ISO-8601 date or date-time with a zone`);
        }
      }
    }

    if (kind === 'triggers' && operation.type === 'hook') {
      if (!operation.performList) add('D006', where, 'a REST hook trigger needs performList');
      if (!operation.performSubscribe || !operation.performUnsubscribe) {
        add('D017', where, 'a REST hook trigger needs performSubscribe and performUnsubscribe (else it is static)');
      }
    }
    if (kind === 'searches' && inputFields.length === 0) add('D009', where, 'a search needs a field to search by');
    if (kind === 'creates' && !inputFields.length && FUNCTION.test(String(operation.inputFields))) {
      add('D022', where, 'a create should have static input fields');
    }

    for (const field of inputFields.filter(isObject) as Item[]) {
      const at = `${where}.${field.key}`;
      if (SENSITIVE_KEY.test(String(field.key))) add('D001', at, 'a credential belongs in auth, not an input field');
      if (field.helpText && words(field.helpText) === words(field.label ?? '')) {
        add('D011', at, 'help text repeats the label');
      }
      for (const link of badLinks(field.helpText ?? '')) add('D008', at, `help text: ${link} is not a markdown link`);
      const names = /^(\w+)_id$/.exec(String(field.key));
      if (names && nouns.has(names[1]) && !field.dynamic && !field.choices && !field.search) {
        add('D004', at, 'an ID field should offer a dynamic dropdown');
      }
      if (typeof field.dynamic === 'string') {
        const [trigger] = field.dynamic.split('.');
        if (!triggers[trigger]) add('D005', at, `dynamic dropdown names trigger ${trigger}, which does not exist`);
      }
      if (typeof field.search === 'string') {
        const [search] = field.search.split('.');
        if (!searches[search]) add('D013', at, `search-powered field names search ${search}, which does not exist`);
        if (!['string', 'number', 'integer', undefined].includes(field.type) || field.list || field.dict) {
          add('D014', at, 'a search-powered field must be a plain string, number or integer');
        }
        if (field.children) add('D014', at, 'a search-powered field cannot have children');
      }
    }
  }

  for (const [key, pair] of Object.entries<Item>(definition.searchOrCreates ?? {})) {
    const where = `searchOrCreates.${key}`;
    if (!searches[pair.search]) add('D015', where, `search ${pair.search} does not exist`);
    if (!definition.creates?.[pair.create]) add('D015', where, `create ${pair.create} does not exist`);
    if (pair.update && !definition.creates?.[pair.update]) add('D015', where, `update ${pair.update} does not exist`);
    const label = pair.display?.label ?? '';
    if (label !== titleCased(label)) add('D018', where, `label "${label}" should read "${titleCased(label)}"`);
    const search = searches[pair.search]?.operation ?? {};
    const searchInputs = new Set<string>((search.inputFields ?? []).map((field: Item) => field.key));
    const searchOutputs = flatten(search.sample ?? {});
    for (const [input, output] of Object.entries<string>(pair.searchUniqueInputToOutputConstraint ?? {})) {
      if (!searchInputs.has(input)) add('D015', where, `unique input ${input} is not an input of ${pair.search}`);
      if (!searchOutputs.has(output)) add('D015', where, `unique output ${output} is not in ${pair.search}'s sample`);
    }
    const updateInputs = new Set<string>(
      (definition.creates?.[pair.update]?.operation?.inputFields ?? []).map((field: Item) => field.key),
    );
    for (const [input, output] of Object.entries<string>(pair.updateInputFromSearchOutput ?? {})) {
      if (!updateInputs.has(input)) add('D015', where, `update input ${input} is not an input of ${pair.update}`);
      if (!searchOutputs.has(output)) add('D015', where, `search output ${output} is not in ${pair.search}'s sample`);
    }
  }

  for (const [path, value] of strings(definition, 'app') as Array<[string, string]>) {
    if (/^\s*(javascript|vbscript|data):/i.test(value)) add('D025', path, 'a dangerous URI');
    for (const url of value.match(/\bhttp:\/\/[^\s)`"]+/g) ?? []) add('D007', path, `${url} is not HTTPS`);
  }
  return findings;
}

/** T004, T005 / Z001, T002, T003: a live answer against the static sample and the output fields. */
export function liveFindings(where: string, operation: Item, live: unknown[], polling: boolean): Finding[] {
  const findings: Finding[] = [];
  const staticKeys = [...flatten(operation.sample ?? {}).keys()];
  for (const [index, record] of live.entries()) {
    const at = `${where} (live answer ${index + 1})`;
    const flat = flatten(record);
    for (const key of staticKeys.filter((candidate) => !flat.has(candidate))) {
      findings.push({ code: 'T004', where: at, problem: `sample key ${key} is not in the live answer` });
    }
    findings.push(...sampleAgainstOutputFields(record, operation.outputFields ?? [], 'T005', at, 'the live answer'));
    if (polling && !flat.has('id')) findings.push({ code: 'T002', where: at, problem: 'no id for the deduper' });
    for (const [key, value] of flat) {
      if (typeof value === 'string' && DATE_LIKE.test(value) && /date|_at$|time/i.test(key) && !isIsoMoment(value)) {
        findings.push({ code: 'T003', where: at, problem: `${key} = ${value} is not ISO-8601 with a zone` });
      }
    }
  }
  return findings;
}
