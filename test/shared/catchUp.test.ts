/**
 * Catching up on events (shared/operations/catchUp.ts) against the sandbox: a burst while a receiver was
 * away comes back oldest first and exactly once, across pages, across `max` cuts, across types the
 * receiver did not select; plus the edges a fake service shows best (unknown types, an expired cursor).
 */
import {
  ApiError,
  CursorExpired,
  START,
  catchUp,
  eventsFrom,
  sampleEvents,
  startingCursor,
  type EventsPage,
  type FetchEvents,
} from '../../shared';
import { type TestClient, startTestSandbox } from '../sandbox/support';

let t: TestClient;
let fetchEvents: FetchEvents;
beforeAll(async () => {
  t = await startTestSandbox();
  fetchEvents = eventsFrom(t.connection, t.send);
});
afterAll(() => t.sandbox.close());

async function createClients(prefix: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
  for (const email of emails) {
    const response = await fetch(`${t.sandbox.baseUrl}/v1/clients`, {
      method: 'POST',
      body: JSON.stringify({ email }),
      headers: { Authorization: `Bearer ${t.connection.apiKey}`, 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(201);
  }
  return emails;
}

const emailsOf = (events: Awaited<ReturnType<typeof catchUp>>['events']) =>
  events.map((event) => (event.data as { client: { email: string } }).client.email);

test('a burst of 500 events while away: each once, in order, across pages; then nothing more', async () => {
  const cursor = await startingCursor(fetchEvents);
  const emails = await createClients('burst', 500);
  const caught = await catchUp(fetchEvents, cursor, ['client.created']);
  expect(caught.more).toBe(false);
  expect(emailsOf(caught.events)).toEqual(emails);
  expect(new Set(caught.events.map((event) => event.id)).size).toBe(500);
  const again = await catchUp(fetchEvents, caught.cursor, ['client.created']);
  expect(again).toEqual({ events: [], cursor: caught.cursor, more: false });
});

test('max cuts a catch-up short; the next call continues exactly where it stopped', async () => {
  let cursor = await startingCursor(fetchEvents);
  const emails = await createClients('cut', 250);
  const seen: string[] = [];
  const calls: boolean[] = [];
  for (;;) {
    const caught = await catchUp(fetchEvents, cursor, ['client.created'], 120);
    seen.push(...emailsOf(caught.events));
    cursor = caught.cursor;
    calls.push(caught.more);
    if (!caught.more) break;
  }
  expect(calls).toEqual([true, true, false]);
  expect(seen).toEqual(emails);
});

test('unselected types are passed over (the cursor moves past them) but not handed on', async () => {
  const cursor = await startingCursor(fetchEvents);
  await createClients('mixed', 2);
  const invoice = await t.createInvoice({ client_email: 'mixed0@example.com' });
  const onlyInvoices = await catchUp(fetchEvents, cursor, ['invoice.created']);
  expect(onlyInvoices.events.map((event) => event.type)).toEqual(['invoice.created']);
  expect((onlyInvoices.events[0].data as { invoice: { id: string } }).invoice.id).toBe(invoice.id);
  expect((await catchUp(fetchEvents, onlyInvoices.cursor, ['client.created', 'invoice.created'])).events).toEqual([]);
});

describe('against a fake service', () => {
  const page = (ids: string[], hasMore: boolean): EventsPage => ({
    ids,
    has_more: hasMore,
    data: ids.filter((id) => !id.includes('unknown')).map((id) => ({ ...sampleEvents.clientCreated, id })),
  });

  test('an account with no events yet: the first events ever are handed on, oldest first', async () => {
    const queries: unknown[] = [];
    const fake: FetchEvents = async (query) => {
      queries.push(query);
      return query.starting_after ? page(['evt_1'], false) : page(['evt_3', 'evt_2'], true);
    };
    const caught = await catchUp(fake, START, ['client.created']);
    expect(caught.events.map((event) => event.id)).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(caught.cursor).toBe('evt_3');
    expect(queries).toEqual([{ limit: 100 }, { limit: 100, starting_after: 'evt_2' }]);
    expect(await startingCursor(async () => page([], false))).toBe(START);
  });

  test('an event of a type this connector does not know still moves the cursor', async () => {
    const fake: FetchEvents = async () => page(['evt_unknown_9', 'evt_8'], false);
    expect(await catchUp(fake, 'evt_7', ['client.created'])).toEqual({
      events: [expect.objectContaining({ id: 'evt_8' })],
      cursor: 'evt_unknown_9',
      more: false,
    });
  });

  test('a cursor the service no longer keeps: CursorExpired says so and where to start again', async () => {
    const fake: FetchEvents = async (query) => {
      if (query.ending_before) throw new ApiError({ status: 404, code: 'not_found', message: 'gone', fieldErrors: [] });
      return page(['evt_newest'], true);
    };
    const error = await catchUp(fake, 'evt_old', ['client.created']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CursorExpired);
    expect(error).toMatchObject({
      cursor: 'evt_old',
      restartFrom: 'evt_newest',
      message: expect.stringMatching(/evt_old.*no longer available/),
    });
  });
});
