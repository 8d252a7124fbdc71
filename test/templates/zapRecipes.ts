/**
 * The Zap recipes in templates/*\/zap-recipe.md, run step by step as written: each step's table is read from
 * the Markdown, its labels found among the fields the app shows, its `{{N.field}}` mappings filled from the
 * outputs of the steps before, and our steps called in the Zapier app (the source through the app tester in
 * `npm test`, Zapier's built zip through its Lambda handler in the live suite), our hook triggers from real
 * signed deliveries and our polling trigger polled. Steps of other apps (Slack, Gmail, Sheets, a CRM) are not
 * called: their fields are filled the same way and checked; Formatter's Split Text, Default Value and
 * Add/Subtract Time (days), Filter's conditions and Delay Until are done as Zapier documents them. A mapping to a
 * field no step gives fails the recipe; a field with a list takes the label a person picks in it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { addDays, type HttpRequest, type Send } from '../../shared';
import { zapierHookRequest } from '../zapier/hook-request';

const TEMPLATES = path.resolve(__dirname, '../../templates');

/** What the recipes need of the app: its definition as Zapier reads it, and calls as Zapier makes them. */
export interface ZapierApp {
  /** triggers, creates, searches and searchOrCreates, each with its key and `operation.inputFields`. */
  definition: Record<string, any>;
  /** One call (`creates.send_invoice.operation.perform`); the connection's authData is added by the app. */
  call(method: string, bundle: Record<string, unknown>): Promise<any>;
}

/** The world a recipe runs in: the app, a receiver standing where Zapier's hook URL would, the test's own look. */
export interface RecipeWorld {
  app: ZapierApp;
  receiver: { url: string; waitFor(count: number): Promise<Array<{ headers: any; rawBody: string }>> };
  connection: { apiKey: string; baseUrl: string };
  api(build: (c: { apiKey: string; baseUrl: string }) => HttpRequest): Promise<any>;
}

/** The test's own look at the sandbox through `send`: the answer's body, or an error naming its status. */
export const sandboxLook =
  (send: Send, connection: RecipeWorld['connection']): RecipeWorld['api'] =>
  async (build) => {
    const reply = await send(build(connection));
    if (reply.status >= 300) throw new Error(`sandbox: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };

export interface Step {
  number: number;
  kind: string;
  key?: string;
  fields: Array<[string, string]>;
  /** Every cell of each table row, code quotes removed (a Filter's rows have three). */
  rows: string[][];
  sample?: unknown;
}

export const recipeText = (slug: string) => readFileSync(path.join(TEMPLATES, slug, 'zap-recipe.md'), 'utf8');

/** The Zaps of a recipe of several, by their `<!-- zap X -->` markers. */
export const zapsOf = (slug: string) => [...recipeText(slug).matchAll(/<!-- zap (\S+) -->/g)].map((m) => m[1]);

/**
 * The steps of one Zap in a recipe (`zap` picks the Zap of a recipe of several, by its `<!-- zap X -->` marker;
 * it runs to the next marker).
 */
export function recipe(slug: string, zap?: string): Step[] {
  let text = recipeText(slug);
  if (zap) {
    text = text.slice(text.indexOf(`<!-- zap ${zap} -->`) + 1);
    if (text.includes('<!-- zap ')) text = text.slice(0, text.indexOf('<!-- zap '));
  } else if (text.includes('<!-- zap ')) text = text.slice(0, text.indexOf('<!-- zap '));
  return text
    .split(/(?=<!-- step )/)
    .slice(1)
    .map((section) => {
      const [, number, kind, key] = /^<!-- step (\d+) (\S+)(?: (\S+))? -->/.exec(section)!;
      const rows = section
        .split('\n')
        .filter((line) => line.startsWith('| ') && !/^\| (Field|---)/.test(line))
        .map((line) =>
          line
            .slice(2, -2)
            .split(/ (?<!\\)\| /)
            .map((cell) => cell.replace(/\\\|/g, '|'))
            .map((cell) => (/^`.*`$/.test(cell) ? cell.slice(1, -1) : cell)),
        );
      const fields = rows.map(([label, value]) => [label, value] as [string, string]);
      const json = /```json\n([\s\S]*?)```/.exec(section);
      return { number: Number(number), kind, key, fields, rows, sample: json ? JSON.parse(json[1]) : undefined };
    });
}

export type Outputs = Record<number, any> & { stoppedAt?: number };

/** One `N.path` of an earlier step's output; `x[]` maps the rest of the path over a list (Zapier's line items). */
function lookup(outputs: Outputs, reference: string): unknown {
  const [step, ...segments] = reference.split('.');
  const walk = (value: any, rest: string[]): unknown => {
    if (!rest.length) return value;
    const [head, ...tail] = rest;
    if (head.endsWith('[]')) return (value?.[head.slice(0, -2)] as unknown[]).map((entry) => walk(entry, tail));
    return walk(value?.[head], tail);
  };
  const found = walk(outputs[Number(step)], segments);
  if (found === undefined) throw new Error(`the recipe maps {{${reference}}}, which step ${step} does not give`);
  return found;
}

/** A field's value as Zapier fills it: one pill alone keeps its type (a list stays a list), otherwise text. */
function fill(value: string, outputs: Outputs): unknown {
  const whole = /^\{\{([^}]+)\}\}$/.exec(value);
  if (whole) return lookup(outputs, whole[1]);
  return value.replace(/\{\{([^}]+)\}\}/g, (_, reference: string) => String(lookup(outputs, reference) ?? ''));
}

export interface InputField {
  key: string;
  label?: string;
  choices?: unknown;
  children?: Array<{ key: string; label?: string }>;
}

/** The keys of the fields the app shows for an action, by label; "Line Items → Amount" names a line-item field. */
export function fieldKeys(inputFields: InputField[]) {
  const keys = new Map<string, string>();
  for (const field of inputFields) {
    keys.set(field.label ?? field.key, field.key);
    for (const child of field.children ?? []) keys.set(`${field.label} → ${child.label}`, `${field.key}.${child.key}`);
  }
  return keys;
}

/** What a field with a list sends for the choice a person picks by its label (a mapped value is sent as it is). */
function picked(inputFields: InputField[], key: string, value: unknown): unknown {
  const choices = inputFields.find((field) => field.key === key)?.choices;
  if (!Array.isArray(choices)) return value;
  return (choices as Array<{ value: string; label: string }>).find((choice) => choice.label === value)?.value ?? value;
}

/** The input Zapier sends an action: each labelled field under its key, line-item fields zipped into the group. */
function inputFor(fields: Array<[string, string]>, inputFields: InputField[], outputs: Outputs): Record<string, any> {
  const keys = fieldKeys(inputFields);
  const input: Record<string, any> = {};
  for (const [label, value] of fields) {
    const key = keys.get(label);
    if (!key) continue;
    const filled = picked(inputFields, key, fill(value, outputs));
    const [group, child] = key.split('.');
    if (!child) {
      input[key] = filled;
      continue;
    }
    const list = [filled].flat();
    input[group] ??= [];
    list.forEach((entry, index) => {
      input[group][index] = { ...input[group][index], [child]: entry };
    });
  }
  return input;
}

let seen = 0;
/** Runs our hook trigger as Zapier does: subscribed to a hook, `happen` makes the event, the signed delivery goes to perform. */
export async function triggerRecord(
  world: RecipeWorld,
  key: string,
  happen: () => Promise<unknown>,
): Promise<Record<string, any>> {
  const method = `triggers.${key}.operation`;
  const subscribeData = await world.app.call(`${method}.performSubscribe`, { targetUrl: world.receiver.url });
  try {
    await happen();
    const deliveries = await world.receiver.waitFor(seen + 1);
    const delivery = deliveries[seen];
    seen = deliveries.length;
    const { rawRequest, cleanedRequest } = zapierHookRequest(delivery.headers, delivery.rawBody);
    const records = await world.app.call(`${method}.perform`, { subscribeData, rawRequest, cleanedRequest });
    expect(records).toHaveLength(1);
    return records[0];
  } finally {
    await world.app.call(`${method}.performUnsubscribe`, { subscribeData });
  }
}

/** A polling trigger's records, polled as Zapier polls it with the fields the recipe's trigger step sets. */
export async function polledRecords(world: RecipeWorld, trigger: Step): Promise<Array<Record<string, any>>> {
  const operation = world.app.definition.triggers[trigger.key!].operation;
  return await world.app.call(`triggers.${trigger.key}.operation.perform`, {
    inputData: inputFor(trigger.fields, operation.inputFields, {}),
  });
}

/** Filter by Zapier's conditions: the Zap goes on only when every row holds. */
const CONDITIONS: Record<string, (left: string, right: string) => boolean> = {
  '(Text) Exactly matches': (left, right) => left === right,
  '(Text) Does not exactly match': (left, right) => left !== right,
  Exists: (left) => left !== '' && left !== 'null' && left !== 'undefined',
};

/**
 * Formatter's Date / Time → Add/Subtract Time, for what the recipes use: whole days on a YYYY-MM-DD date, written
 * YYYY-MM-DD or as its month, YYYY-MM (template 9's period).
 */
function addSubtractTime(fields: Record<string, string>, outputs: Outputs): { output: string } {
  const days = /^([+-]\d+) days?$/.exec(fields.Expression);
  const to = fields['To Format'];
  if (!days || !['YYYY-MM-DD', 'YYYY-MM'].includes(to) || fields['From Format'] !== 'YYYY-MM-DD')
    throw new Error(`Add/Subtract Time "${fields.Expression}" to ${to} is not run here`);
  return { output: addDays(String(fill(fields.Input, outputs)), Number(days[1])).slice(0, to.length) };
}

export interface RunOptions {
  /** Called at a Delay step with what it waits until: the test changes the world as the days between would. */
  delayed?: (until: string) => Promise<void>;
}

/**
 * Runs the recipe's steps after its trigger, whose record is `first`, and returns every step's output.
 * An action of another app (and a Delay) outputs its filled fields, by label. A Filter that does not pass
 * ends the Zap: `stoppedAt` is its step.
 */
export async function runZap(world: RecipeWorld, steps: Step[], first: unknown, options: RunOptions = {}) {
  const { definition, call } = world.app;
  const outputs: Outputs = { 1: first };
  for (const step of steps.slice(1)) {
    const byLabel = Object.fromEntries(step.fields.map(([label, value]) => [label, value]));
    if (step.kind === 'filter') {
      const holds = step.rows.map(([field, condition, value]) => {
        if (!CONDITIONS[condition]) throw new Error(`step ${step.number}: no condition "${condition}" is run here`);
        return CONDITIONS[condition](String(fill(field, outputs) ?? ''), String(fill(value, outputs)));
      });
      expect(holds.length).toBeGreaterThan(0);
      if (holds.every(Boolean)) continue;
      outputs.stoppedAt = step.number;
      return outputs;
    } else if (step.kind === 'search' || step.kind.startsWith('search_or_create')) {
      const search = definition.searches[step.key!];
      const found: any[] = await call(`searches.${step.key}.operation.perform`, {
        inputData: inputFor(step.fields, search.operation.inputFields, outputs),
      });
      const pair = definition.searchOrCreates[step.key!];
      // A Find or Create whose app pairs an update (`search_or_create_update`) writes the step's fields onto the
      // record found, its id mapped as updateInputFromSearchOutput says.
      if (found.length && step.kind === 'search_or_create_update') {
        const ids = Object.entries<string>(pair.updateInputFromSearchOutput ?? {});
        outputs[step.number] = await call(`creates.${pair.update}.operation.perform`, {
          inputData: {
            ...inputFor(step.fields, definition.creates[pair.update].operation.inputFields, outputs),
            ...Object.fromEntries(ids.map(([input, output]) => [input, found[0][output]])),
          },
        });
        continue;
      }
      if (found.length || step.kind === 'search') {
        outputs[step.number] = found[0];
        continue;
      }
      const createKey = pair.create;
      outputs[step.number] = await call(`creates.${createKey}.operation.perform`, {
        inputData: inputFor(step.fields, definition.creates[createKey].operation.inputFields, outputs),
      });
    } else if (step.kind === 'create') {
      outputs[step.number] = await call(`creates.${step.key}.operation.perform`, {
        inputData: inputFor(step.fields, definition.creates[step.key!].operation.inputFields, outputs),
      });
    } else if (step.kind === 'formatter' && step.key === 'split') {
      // Split Text, "All (as Line-items)": the input cut at each separator.
      outputs[step.number] = { output: String(fill(byLabel.Input, outputs)).split(byLabel.Separator) };
    } else if (step.kind === 'formatter' && step.key === 'default') {
      // Default Value: the input, or the default when the input is empty.
      const input = fill(byLabel.Input, outputs);
      outputs[step.number] = {
        output: input === null || input === '' ? fill(byLabel['Default Value'], outputs) : input,
      };
    } else if (step.kind === 'formatter' && step.key === 'date') {
      outputs[step.number] = addSubtractTime(byLabel, outputs);
    } else if (step.kind === 'delay' && step.key === 'until') {
      const until = String(fill(byLabel['Date/Time Delayed Until'], outputs));
      outputs[step.number] = { 'Date/Time Delayed Until': until };
      await options.delayed?.(until);
    } else if (step.kind === 'action') {
      outputs[step.number] = Object.fromEntries(step.fields.map(([label, value]) => [label, fill(value, outputs)]));
    } else throw new Error(`step ${step.number}: "${step.kind} ${step.key ?? ''}" is not run here`);
  }
  return outputs;
}
