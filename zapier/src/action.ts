/**
 * A Zapier create or search is one shared operation in Zapier's words: its key, noun, label and
 * description, and where the editor needs more than the catalogue gives (a dropdown, a line-item group),
 * its input fields and how the bundle's input becomes the operation's. Everything else (the other fields,
 * the sample, the labelled outputFields, perform) is read from the operation, so a file per action is a
 * few lines, as in zapier-platform's example apps.
 */
import type { Bundle, PlainInputField, ZObject } from 'zapier-platform-core';
import {
  displayNoun,
  displayedOperations,
  knownInput,
  operations,
  type Connection,
  type DisplayedOperation,
  type Fields,
  type Send,
} from '../../shared';
import { runFor } from './api';
import { inputField, outputFields } from './fields';
import { pickerField } from './pickers';

/** What an action reads of its shared operation. */
export interface Translated<T = unknown> {
  fields: Fields;
  labels?: Readonly<Record<string, string>>;
  sample?: T;
  run(connection: Connection, raw: unknown, send: Send): Promise<T>;
}

interface ActionWords {
  key: string;
  noun: string;
  label: string;
  /** A create's starts with a verb in the third person ("Creates", "Updates"), a search's with "Finds". */
  description: string;
  /**
   * Fields Zapier shows differently from the catalogue, by key (null: shown inside another);
   * the rest are the catalogue's.
   */
  inputFields?: Readonly<Record<string, PlainInputField | null>>;
  /** The operation's input from Zapier's (the line items regrouped, an address folded); as given if absent. */
  input?: (inputData: Record<string, unknown>) => unknown;
}

/** Which shared operation each create and search translates, by key (Zapier's schema has no place to say so). */
export const TRANSLATES: Record<string, Translated> = {};

function action<T extends object, R>(operation: Translated<T>, words: ActionWords, answer: (result: T) => R) {
  TRANSLATES[words.key] = operation;
  // Unknown keys are ignored one way on every action (shared/validation.ts knownInput).
  const given = words.input ?? ((inputData) => knownInput(operation.fields, inputData));
  return {
    key: words.key,
    noun: words.noun,
    display: { label: words.label, description: words.description },
    operation: {
      inputFields: Object.values(operation.fields).flatMap((spec) => {
        const shown = words.inputFields?.[spec.key];
        if (shown === null) return [];
        return [shown ?? inputField(spec)];
      }),
      perform: async (z: ZObject, bundle: Bundle): Promise<R> =>
        answer(await runFor(z, bundle, operation, given(bundle.inputData))),
      sample: operation.sample as T,
      outputFields: outputFields(operation.sample as T, operation.labels ?? {}),
    },
  };
}

/** A create: perform answers the operation's result. */
export const createAction = <T extends object>(operation: Translated<T>, words: ActionWords) =>
  action(operation, words, (result) => result);

/** A search: perform answers a list, empty when nothing is found (so Find or Create goes on to create). */
export const searchAction = <T extends object>(operation: Translated<T | undefined>, words: ActionWords) =>
  action(operation as Translated<T>, words, (result): T[] => (result === undefined ? [] : [result]));

/** Zapier's key for a registry name: voidInvoice → void_invoice. */
const keyOf = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The create an operation's `display` builds: its words, every field from the catalogue, each ID as its picker. */
export function displayedCreate(name: string, operation: DisplayedOperation) {
  const { display } = operation;
  return createAction(operation as Translated<object>, {
    key: keyOf(name),
    noun: displayNoun(display.resource),
    label: display.label,
    description: display.description,
    inputFields: Object.fromEntries(Object.values(operation.fields).map((spec) => [spec.key, pickerField(spec)])),
  });
}

/**
 * The app's creates, in the registry's order: an operation's own file where it has one (`own`, by key),
 * otherwise the create its `display` builds, so an operation both editors derive needs no file under
 * zapier/ and no line in the app's index.
 */
export function createsFor<O extends Record<string, { key: string }>>(own: O) {
  const ownFor = new Map(Object.values(own).map((action) => [TRANSLATES[action.key], action]));
  const built = new Map(
    displayedOperations.map(({ name, operation }) => [operation, () => displayedCreate(name, operation)]),
  );
  const creates: Record<string, { key: string }> = {};
  for (const operation of Object.values(operations)) {
    const action = ownFor.get(operation) ?? built.get(operation as DisplayedOperation)?.();
    if (action) creates[action.key] = action;
  }
  const unplaced = Object.entries(own).filter(([key, action]) => creates[key] !== action);
  if (unplaced.length) {
    throw new Error(`Zapier creates not placed by their key and operation: ${unplaced.map(([key]) => key).join(', ')}`);
  }
  return creates as O & Record<string, ReturnType<typeof displayedCreate>>;
}
