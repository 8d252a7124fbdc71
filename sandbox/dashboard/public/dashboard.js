// The sandbox dashboard: a small single-page app over the sandbox's own API (no build step, no
// dependencies). Pages: invoices, clients, products, events (with payload and every delivery attempt), webhooks, keys.
// Live updates re-draw a page only when its data changed, and never while the user selects text or types.
'use strict';

const KEY_STORE = 'sandbox-key';
// Statuses, event types and the key prefix, as shared/ and the sandbox declare them (dashboard/pageWords.ts).
const WORDS = JSON.parse(document.getElementById('words').textContent);
const REFRESH_MS = 2000;
const PAGE_SIZE = 20;

const view = document.getElementById('view');
const statusLine = document.getElementById('status');
const liveLine = document.getElementById('live');

// The key arrives in the URL's fragment (which no server sees) or from the sign-in form, and stays in this browser.
const fromHash = new RegExp(`(?:^#|&)key=(${WORDS.testKeyPrefix}[A-Za-z0-9]+)`).exec(location.hash);
if (fromHash) {
  localStorage.setItem(KEY_STORE, fromHash[1]);
  history.replaceState(null, '', `${location.pathname}#/invoices`);
}
let key = localStorage.getItem(KEY_STORE);
/** True while signIn tries a key (refresh waits for its answer). */
let signingIn = false;

class ApiError extends Error {
  constructor(status, detail, errors) {
    super(detail);
    this.status = status;
    // Per field: [{ param, message }], as the API's 422 answers carry them.
    this.errors = errors || [];
  }
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, (parsed && parsed.detail) || `HTTP ${response.status}`, parsed && parsed.errors);
  return parsed;
}

/** A page outside the API (no key needed: the invoice id grants access, as for the hosted page), as text. */
async function fetchText(path) {
  const response = await fetch(path);
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status} for ${path}`);
  return response.text();
}

const query = (params) => {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  return search.toString() ? `?${search}` : '';
};

// ---- building blocks ------------------------------------------------------------------------------

/** h('a', { href, class, title, onclick }, ...children): children are nodes or text. */
function h(tag, attrs, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (name === 'class') element.className = value;
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

// shared/money.ts itself (served as /money.js): amounts read exactly as the API's *_formatted and the hosted page.
const money = (amount, currency) => sharedMoney.formatMinor(amount, currency);

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const EXACT = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
function relative(iso) {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  const steps = [[60, 'second'], [3600, 'minute'], [86400, 'hour'], [Infinity, 'day']];
  let divisor = 1;
  for (const [limit, unit] of steps) {
    if (Math.abs(seconds) < limit) return RELATIVE.format(Math.round(seconds / divisor), unit);
    divisor = limit;
  }
  return iso;
}
/** A relative time; the exact time (and the ISO text) on hover. */
const when = (iso) => (iso ? h('time', { datetime: iso, title: `${EXACT.format(new Date(iso))} (${iso})` }, relative(iso)) : '—');

const badge = (word) => h('span', { class: `badge ${WORDS.tones[word] ?? ''}` }, String(word).replace(/_/g, ' '));
const httpBadge = (status) => (status === null ? h('span', { class: 'badge bad' }, 'no answer')
  : h('span', { class: `badge ${status < 300 ? 'ok' : 'bad'}` }, String(status)));

const plural = (count, one, many) => `${count} ${new Intl.PluralRules('en').select(count) === 'one' ? one : many}`;

/** An id in monospace with a Copy button: one click puts it on the clipboard. */
function copyable(id) {
  const button = h('button', { type: 'button', class: 'copy', title: `Copy ${id}`, 'aria-label': `Copy ${id}` }, 'Copy');
  button.addEventListener('click', async (event) => {
    event.stopPropagation();
    try {
      await navigator.clipboard.writeText(id);
    } catch {
      const range = document.createRange();
      range.selectNodeContents(button.previousSibling);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      document.execCommand('copy');
      getSelection().removeAllRanges();
    }
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 1500);
  });
  return h('span', { class: 'id' }, h('code', { class: 'mono' }, id), button);
}

/** A list table: `columns` are [label, (row) => content]; a row with `href` opens it on click. */
function table(columns, rows, emptyText, href) {
  if (!rows.length) return h('p', { class: 'empty' }, emptyText);
  return h('table', { class: 'list' },
    h('thead', {}, h('tr', {}, columns.map(([label]) => h('th', {}, label)))),
    h('tbody', {}, rows.map((row) => h('tr', {
      class: href ? 'link' : undefined, dataset: { id: row.id },
      onclick: href ? (event) => {
        if (!getSelection().toString() && !event.target.closest('a, button')) location.hash = href(row);
      } : undefined,
    }, columns.map(([label, content]) => h('td', { 'data-label': label }, content(row)))))));
}

/** Older / Newer over the API's `starting_after` cursor; `trail` remembers the cursors of newer pages. */
const trails = new Map();
function pager(route, params, page) {
  const trail = trails.get(route) || [];
  trails.set(route, trail);
  const last = page.data[page.data.length - 1];
  const go = (after) => { location.hash = `#/${route}${query({ ...params, after })}`; };
  return h('div', { class: 'bar' },
    h('button', { type: 'button', disabled: !params.after, onclick: () => go(trail.pop()) }, '← Newer'),
    h('button', { type: 'button', disabled: !page.has_more, onclick: () => { trail.push(params.after); go(last.id); } }, 'Older →'));
}

const facts = (pairs) => h('dl', { class: 'facts' }, pairs.filter(Boolean).flatMap(([label, value]) => [h('dt', {}, label), h('dd', {}, value)]));

/** HTML the sandbox rendered and escaped itself (the tax invoice), as nodes. */
function serverHtml(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function say(text, bad) {
  statusLine.className = bad ? 'bad' : '';
  statusLine.textContent = text;
}

/** Runs an action (a simulate button, a resend); then re-draws the page at once. */
async function act(label, work) {
  say(`${label}…`);
  try {
    const result = await work();
    say(`${label}: done`);
    await refresh(true);
    return result;
  } catch (error) {
    say(`${label}: ${error.message}`, true);
    return undefined;
  }
}

function searchBar(placeholder, value, onSearch, ...extra) {
  const input = h('input', { type: 'search', name: 'q', placeholder, value: value || '', 'aria-label': placeholder });
  return h('form', { class: 'bar', role: 'search', onsubmit: (event) => { event.preventDefault(); onSearch(input.value.trim()); } },
    input, h('button', { type: 'submit' }, 'Search'), ...extra);
}

// ---- pages ------------------------------------------------------------------------------------------

const INVOICE_STATUSES = WORDS.invoiceStatuses;
const EVENT_TYPES = WORDS.eventTypes;

const pages = {
  invoices: {
    load: (p) => api('GET', `/v1/invoices${query({ limit: PAGE_SIZE, status: p.status, number: p.number, client_email: p.email, starting_after: p.after })}`),
    render(page, p) {
      const status = h('select', { name: 'status', 'aria-label': 'Status', onchange: (e) => { location.hash = `#/invoices${query({ ...p, after: undefined, status: e.target.value })}`; } },
        h('option', { value: '' }, 'All statuses'), INVOICE_STATUSES.map((s) => h('option', { value: s, selected: s === p.status }, s.replace(/_/g, ' '))));
      return [
        h('h1', {}, 'Invoices'),
        searchBar('ID, number or e-mail', p.number || p.email, (q) => {
          if (/^inv_/.test(q)) location.hash = `#/invoices/${encodeURIComponent(q)}`;
          else if (q.includes('@')) location.hash = `#/invoices${query({ status: p.status, email: q })}`;
          else location.hash = `#/invoices${query({ status: p.status, number: q ? q.toUpperCase() : undefined })}`;
        }, status),
        table([
          ['Amount', (i) => h('span', { class: 'money' }, money(i.amount_due, i.currency))],
          ['Status', (i) => badge(i.status)],
          ['Number', (i) => h('a', { href: `#/invoices/${i.id}` }, i.number)],
          ['Client', (i) => i.client_email],
          ['ID', (i) => copyable(i.id)],
          ['Created', (i) => when(i.created_at)],
        ], page.data, p.number || p.email || p.status ? 'No invoice matches.' : 'No invoices yet: create one with POST /v1/invoices (see the README).',
        (i) => `#/invoices/${i.id}`),
        pager('invoices', p, page),
      ];
    },
  },

  invoice: {
    load: async (p) => {
      const invoice = await api('GET', `/v1/invoices/${encodeURIComponent(p.id)}`);
      return {
        invoice,
        events: await api('GET', `/v1/test_helpers/invoices/${encodeURIComponent(p.id)}/events?limit=100`),
        // A tax invoice as the hosted page renders it (dashboard/taxInvoice.ts), so the two never differ.
        taxInvoice: invoice.tax ? await fetchText(`/i/${encodeURIComponent(invoice.id)}/tax-invoice`) : null,
        // Its notes and refunds as the hosted page lists them (dashboard/correctionsHtml.ts), once it has any.
        corrections: invoice.amount_credited || invoice.amount_debited || invoice.amount_refunded
          ? await fetchText(`/i/${encodeURIComponent(invoice.id)}/corrections`) : null,
      };
    },
    render({ invoice: i, events, taxInvoice, corrections }) {
      const helper = (name, body) => () => api('POST', `/v1/test_helpers/invoices/${encodeURIComponent(i.id)}/${name}`, body);
      const forms = h('div', {});
      const payForm = () => {
        const amount = h('input', { type: 'number', min: 1, max: i.amount_remaining, value: i.amount_remaining, name: 'amount', 'aria-label': 'Amount in minor units' });
        forms.replaceChildren(h('form', { class: 'inline', onsubmit: (e) => { e.preventDefault(); act('Pay', helper('pay', { amount: Number(amount.value) })); } },
          h('label', {}, 'Amount (minor units) ', amount), h('button', { type: 'submit', class: 'primary' }, 'Pay'),
          h('button', { type: 'button', onclick: () => forms.replaceChildren() }, 'Cancel')));
      };
      const disputeForm = () => {
        const reason = h('select', { name: 'reason', 'aria-label': 'Reason' }, ['amount_incorrect', 'not_received', 'duplicate', 'other'].map((r) => h('option', { value: r }, r.replace(/_/g, ' '))));
        const note = h('input', { name: 'note', placeholder: 'Note (optional)', 'aria-label': 'Note' });
        forms.replaceChildren(h('form', { class: 'inline', onsubmit: (e) => { e.preventDefault(); act('Dispute', helper('dispute', { reason: reason.value, ...(note.value ? { note: note.value } : {}) })); } },
          reason, note, h('button', { type: 'submit', class: 'primary' }, 'Open dispute'),
          h('button', { type: 'button', onclick: () => forms.replaceChildren() }, 'Cancel')));
      };
      const payable = i.amount_remaining > 0;
      const disputable = WORDS.disputableStatuses.includes(i.status);
      const invoicePath = `/v1/invoices/${encodeURIComponent(i.id)}`;
      const send = (label, channel, kind) => () => act(label, () => api('POST', `${invoicePath}/send`, { channel, kind }));
      const failForm = () => {
        const reason = h('select', { name: 'failure_code', 'aria-label': 'Failure reason' },
          WORDS.deliveryFailures.map((f) => h('option', { value: f.code }, `${f.code.replace(/_/g, ' ')} (${f.channel})`)));
        const plant = () => {
          const failure = WORDS.deliveryFailures.find((f) => f.code === reason.value);
          return api('POST', '/v1/test_helpers/deliveries/fail_next', { channel: failure.channel, failure_code: failure.code });
        };
        forms.replaceChildren(h('form', { class: 'inline', onsubmit: (e) => { e.preventDefault(); act('Fail next send', plant); } },
          reason, h('button', { type: 'submit', class: 'primary' }, 'Plant failure'),
          h('button', { type: 'button', onclick: () => forms.replaceChildren() }, 'Cancel')));
      };
      // Void only while nothing has been paid (contract: "Voiding"); a void invoice owes nothing.
      const voidable = payable && i.amount_paid === 0;
      return [
        h('p', { class: 'muted' }, h('a', { href: '#/invoices' }, '← Invoices')),
        h('h1', {}, h('span', { class: 'money' }, money(i.amount_due, i.currency)), h('span', { class: 'muted' }, i.currency), badge(i.status)),
        h('div', { class: 'bar', 'aria-label': 'Simulate' },
          h('button', { type: 'button', onclick: () => act('View', helper('view', { channel: 'link' })) }, 'Simulate view'),
          payable && h('button', { type: 'button', onclick: payForm }, 'Simulate payment'),
          disputable && h('button', { type: 'button', onclick: disputeForm }, 'Simulate dispute')),
        h('div', { class: 'bar', 'aria-label': 'After creation' },
          payable && h('button', { type: 'button', onclick: send('Send', 'email', 'invoice') }, 'Send by e-mail'),
          payable && h('button', { type: 'button', onclick: send('Send', 'whatsapp', 'invoice') }, 'Send on WhatsApp'),
          payable && h('button', { type: 'button', onclick: send('Reminder', 'email', 'reminder') }, 'Send reminder'),
          payable && h('button', { type: 'button', onclick: () => act('Overdue', helper('make_overdue', { days: 1 })) }, 'Make overdue'),
          h('button', { type: 'button', onclick: failForm }, 'Fail next send'),
          voidable && h('button', { type: 'button', onclick: () => act('Void', () => api('POST', `${invoicePath}/void`, {})) }, 'Void')),
        forms,
        facts([
          ['ID', copyable(i.id)], ['Number', i.number], ['Client', h('a', { href: `#/clients/${i.client_id}` }, i.client_email)],
          ['Amount due', h('span', { class: 'money' }, money(i.amount_due, i.currency))],
          ['Paid', h('span', { class: 'money' }, money(i.amount_paid, i.currency))],
          ['Remaining', h('span', { class: 'money' }, money(i.amount_remaining, i.currency))],
          ...[['Credited', i.amount_credited], ['Debited', i.amount_debited], ['Refunded', i.amount_refunded], ['To refund', i.amount_refundable]]
            .filter(([, amount]) => amount).map(([label, amount]) => [label, h('span', { class: 'money' }, money(amount, i.currency))]),
          ['Due date', i.due_date ? `${i.due_date}${i.overdue ? ` · ${i.days_overdue} day${i.days_overdue === 1 ? '' : 's'} overdue` : ''}` : '—'],
          ['UPI pay link', i.upi_link
            ? h('div', {}, h('img', { src: `/i/${encodeURIComponent(i.id)}/upi.svg`, alt: 'UPI QR code', width: 140, height: 140 }),
              h('div', {}, h('code', { class: 'mono' }, i.upi_link)))
            : '—'],
          ['WhatsApp', [badge(i.whatsapp.status), i.whatsapp.error_message ? h('div', { class: 'muted' }, i.whatsapp.error_message) : null]],
          ['Hosted page', h('a', { href: i.hosted_url, target: '_blank', rel: 'noopener' }, i.hosted_url)],
          ['Created', when(i.created_at)], ['Updated', when(i.updated_at)],
        ]),
        taxInvoice ? serverHtml(taxInvoice) : [h('h2', {}, 'Line items'),
          table([['Description', (item) => item.description], ['Amount', (item) => h('span', { class: 'money' }, money(item.amount, i.currency))]],
            i.items.map((item, index) => ({ ...item, id: String(index) })), 'No items.')],
        corrections ? serverHtml(corrections) : null,
        h('h2', {}, 'Events'),
        table([['Event', (e) => h('a', { href: `#/events/${e.id}` }, e.type)], ['ID', (e) => copyable(e.id)], ['When', (e) => when(e.created_at)]],
          events.data, 'No events yet: simulate a view, payment or dispute.', (e) => `#/events/${e.id}`),
      ];
    },
  },

  clients: {
    load: (p) => api('GET', `/v1/clients${query({ limit: PAGE_SIZE, email: p.email, starting_after: p.after })}`),
    render(page, p) {
      return [
        h('h1', {}, 'Clients'),
        searchBar('Client ID or e-mail', p.email, (q) => {
          location.hash = /^cli_/.test(q) ? `#/clients/${encodeURIComponent(q)}` : `#/clients${query({ email: q })}`;
        }),
        table([
          ['E-mail', (c) => h('a', { href: `#/clients/${c.id}` }, c.email)], ['Name', (c) => c.name || '—'],
          ['Phone', (c) => c.phone || '—'], ['ID', (c) => copyable(c.id)], ['Created', (c) => when(c.created_at)],
        ], page.data, p.email ? 'No client with this e-mail.' : 'No clients yet.', (c) => `#/clients/${c.id}`),
        pager('clients', p, page),
      ];
    },
  },

  client: {
    load: async (p) => {
      const client = await api('GET', `/v1/clients/${encodeURIComponent(p.id)}`);
      return { client, invoices: await api('GET', `/v1/invoices${query({ client_email: client.email, limit: 100 })}`) };
    },
    render({ client: c, invoices }) {
      return [
        h('p', { class: 'muted' }, h('a', { href: '#/clients' }, '← Clients')),
        h('h1', {}, c.name || c.email),
        facts([['ID', copyable(c.id)], ['E-mail', c.email], ['Phone', c.phone || '—'], ['Company', c.company || '—'],
          ['Created', when(c.created_at)], ['Updated', when(c.updated_at)]]),
        h('h2', {}, 'Invoices'),
        table([['Amount', (i) => h('span', { class: 'money' }, money(i.amount_due, i.currency))], ['Status', (i) => badge(i.status)],
          ['Number', (i) => h('a', { href: `#/invoices/${i.id}` }, i.number)], ['Created', (i) => when(i.created_at)]],
        invoices.data, 'No invoices for this client.', (i) => `#/invoices/${i.id}`),
      ];
    },
  },

  // The catalogue (issue 42): active products first, as the pickers list them; archived ones below, marked,
  // since they stay on the invoices that used them and a shop owner looks for them when an old SKU comes back.
  products: {
    load: async (p) => ({
      active: await api('GET', `/v1/products${query({ limit: PAGE_SIZE, search: p.search, starting_after: p.after })}`),
      archived: await api('GET', `/v1/products${query({ limit: 100, search: p.search, archived: 'true' })}`),
    }),
    render({ active, archived }, p) {
      const columns = [
        ['Name', (pr) => pr.name], ['SKU', (pr) => h('code', { class: 'mono' }, pr.sku)],
        ['Price', (pr) => h('span', { class: 'money' }, money(pr.unit_price, pr.currency))],
        ['GST rate', (pr) => (pr.gst_rate ? `${pr.gst_rate} %` : '—')], ['HSN/SAC', (pr) => pr.hsn_sac || '—'],
        ['Kind', (pr) => pr.product_type],
        ['Status', (pr) => (pr.archived ? badge('archived') : badge('active'))], ['ID', (pr) => copyable(pr.id)],
      ];
      return [
        h('h1', {}, 'Products'),
        searchBar('Name, SKU or description', p.search, (q) => (location.hash = `#/products${query({ search: q })}`)),
        table(columns, active.data, p.search ? 'No active product matches.' : 'No products yet: npm start -- products add.'),
        pager('products', p, active),
        archived.data.length ? [h('h2', {}, 'Archived'), table(columns, archived.data, '')] : null,
      ];
    },
  },

  payments: {
    load: (p) => api('GET', `/v1/payments${query({ limit: PAGE_SIZE, utr: p.utr, reference: p.reference, starting_after: p.after })}`),
    render(page, p) {
      return [
        h('h1', {}, 'Payments'),
        // A bank statement line shows either a 12-digit UPI reference or a bank reference.
        searchBar('UTR (12 digits) or bank reference', p.utr || p.reference || '', (q) => {
          const text = q.replace(/\s+/g, '');
          location.hash = `#/payments${query(/^\d{12}$/.test(text) ? { utr: text } : { reference: q || undefined })}`;
        }),
        table([
          ['Amount', (pay) => h('span', { class: 'money' }, money(pay.amount, pay.currency))], ['Method', (pay) => badge(pay.method)],
          ['UTR / reference', (pay) => (pay.upi ? pay.upi.utr : pay.reference) || '—'],
          ['Invoice', (pay) => h('a', { href: `#/invoices/${pay.invoice_id}` }, pay.invoice_id)],
          ['ID', (pay) => copyable(pay.id)], ['Paid', (pay) => when(pay.paid_at)],
        ], page.data, p.utr || p.reference ? 'No payment with this reference.' : 'No payments yet: simulate a payment on an invoice.',
        (pay) => `#/invoices/${pay.invoice_id}`),
        pager('payments', p, page),
      ];
    },
  },

  events: {
    load: (p) => api('GET', `/v1/events${query({ limit: PAGE_SIZE, type: p.type, starting_after: p.after })}`),
    render(page, p) {
      const type = h('select', { name: 'type', 'aria-label': 'Event type', onchange: (e) => { location.hash = `#/events${query({ type: e.target.value })}`; } },
        h('option', { value: '' }, 'All events'), EVENT_TYPES.map((t) => h('option', { value: t, selected: t === p.type }, t)));
      return [
        h('h1', {}, 'Events'),
        searchBar('Event ID (evt_…)', '', (q) => { if (q) location.hash = `#/events/${encodeURIComponent(q)}`; }, type),
        table([
          ['Event', (e) => h('a', { href: `#/events/${e.id}` }, e.type)],
          ['Invoice / client', (e) => (e.data && e.data.invoice ? h('a', { href: `#/invoices/${e.data.invoice.id}` }, e.data.invoice.number)
            : e.data && e.data.client ? h('a', { href: `#/clients/${e.data.client.id}` }, e.data.client.email) : '—')],
          ['ID', (e) => copyable(e.id)], ['When', (e) => when(e.created_at)],
        ], page.data, p.type ? 'No events of this type.' : 'No events yet.', (e) => `#/events/${e.id}`),
        pager('events', p, page),
      ];
    },
  },

  event: {
    load: async (p) => ({
      event: await api('GET', `/v1/events/${encodeURIComponent(p.id)}`),
      attempts: await api('GET', `/v1/test_helpers/deliveries${query({ event_id: p.id, limit: 100 })}`),
      owed: await api('GET', `/v1/test_helpers/events/${encodeURIComponent(p.id)}/owed`),
      webhooks: await api('GET', '/v1/webhooks?limit=100'),
    }),
    render({ event, attempts, owed, webhooks }) {
      const byWebhook = new Map();
      for (const attempt of [...attempts.data].reverse()) {
        if (!byWebhook.has(attempt.webhook_id)) byWebhook.set(attempt.webhook_id, []);
        byWebhook.get(attempt.webhook_id).push(attempt);
      }
      const subscribed = webhooks.data.filter((w) => w.events.includes(event.type));
      for (const w of subscribed) if (!byWebhook.has(w.id)) byWebhook.set(w.id, []);
      const resend = (webhookId) => act('Resend', () => api('POST', `/v1/test_helpers/events/${encodeURIComponent(event.id)}/redeliver`, { webhook_id: webhookId }));
      const invoice = event.data && event.data.invoice;
      return [
        h('p', { class: 'muted' }, h('a', { href: '#/events' }, '← Events')),
        h('h1', {}, event.type),
        facts([['ID', copyable(event.id)], invoice && ['Invoice', h('a', { href: `#/invoices/${invoice.id}` }, `${invoice.number} (${invoice.id})`)],
          ['When', when(event.created_at)]]),
        h('h2', {}, 'Payload'),
        h('pre', { class: 'mono payload' }, JSON.stringify(event, null, 2)),
        h('h2', {}, `Webhook deliveries (${plural(attempts.data.length, 'attempt', 'attempts')})`),
        byWebhook.size ? [...byWebhook].map(([webhookId, list]) => {
          const webhook = webhooks.data.find((w) => w.id === webhookId);
          return h('section', { class: 'delivery', dataset: { webhook: webhookId } },
            h('div', { class: 'bar' }, h('strong', {}, webhook ? webhook.url : (list[0] && list[0].url) || webhookId),
              h('span', { class: 'muted' }, webhookId),
              webhook && webhook.status === 'enabled' ? h('button', { type: 'button', onclick: () => resend(webhookId) }, 'Resend') : badge(webhook ? webhook.status : 'deleted')),
            waitingNote(owed.data.find((d) => d.webhook_id === webhookId)),
            list.length ? list.map((a, i) => attemptCard(a, i === list.length - 1)) : h('p', { class: 'empty' }, 'Owed, not tried yet.'));
        }) : h('p', { class: 'empty' }, 'No webhook subscribes to this event type; add one on the Webhooks page or with npm start -- listen.'),
      ];
    },
  },

  webhooks: {
    load: async () => ({ page: await api('GET', '/v1/webhooks?limit=100'), catchingUp: await api('GET', '/v1/test_helpers/webhooks/catching_up') }),
    render({ page, catchingUp }) {
      const behind = (w) => {
        const backlog = catchingUp.data.find((b) => b.webhook_id === w.id);
        return backlog && h('div', { class: 'waiting' }, `Catching up: ${plural(backlog.owed, 'event', 'events')} owed, oldest first; next `,
          h('a', { href: `#/events/${backlog.next_event_id}` }, backlog.next_event_id), ' ', when(backlog.next_attempt_at));
      };
      return [
        h('h1', {}, 'Webhooks'),
        h('p', { class: 'muted' }, 'Subscriptions of this account. npm start -- listen --forward-to <url> adds one for as long as it runs.'),
        table([['URL', (w) => h('span', { class: 'mono' }, w.url)], ['Events', (w) => w.events.join(', ')],
          ['Status', (w) => [badge(w.status), w.disabled_reason ? h('div', { class: 'muted' }, w.disabled_reason) : null, behind(w)]],
          ['ID', (w) => copyable(w.id)], ['Created', (w) => when(w.created_at)]], page.data, 'No webhook subscriptions yet.'),
      ];
    },
  },

  settings: {
    load: () => api('GET', '/v1/account'),
    render(account) {
      const form = WORDS.accountSettings;
      const address = account.address || {};
      const input = (field, value, name) => h('input', {
        name, value: value || '', placeholder: field.example ? `e.g. ${field.example}` : undefined, 'aria-describedby': `${name}-help`,
      });
      const row = (field, name, value) => h('label', { class: 'field', dataset: { field: name } },
        h('span', { class: 'label' }, field.label), input(field, value, name),
        h('small', { id: `${name}-help`, class: 'muted' }, field.help || ''), h('small', { class: 'error', hidden: true }));
      const gstinRow = row(form.gstin, 'gstin', account.gstin);
      const addressRows = form.address.map((field) => row(field, `address.${field.key}`, address[field.key]));
      const fieldError = (name) => view.querySelector(`[data-field="${CSS.escape(name)}"] .error`);
      const save = async (event) => {
        event.preventDefault();
        for (const shown of view.querySelectorAll('.field .error')) { shown.hidden = true; shown.textContent = ''; }
        const value = (name) => view.querySelector(`[name="${CSS.escape(name)}"]`).value.trim();
        const typed = Object.fromEntries(form.address.map((field) => [field.key, value(`address.${field.key}`)]).filter(([, v]) => v));
        const body = { ...(value('gstin') ? { gstin: value('gstin') } : {}), ...(Object.keys(typed).length ? { address: typed } : {}) };
        say('Saving…');
        try {
          await api('PATCH', form.path, body);
          say('Saved: new invoices use these; invoices already issued keep theirs.');
          await refresh(true);
        } catch (error) {
          let marked = 0;
          for (const problem of error.errors || []) {
            const shown = fieldError(problem.param) || fieldError(problem.param.split('.')[0]);
            if (shown) { shown.hidden = false; shown.textContent = problem.message; marked += 1; }
          }
          // A refusal is said once: under its field when it has one, else here.
          say(marked ? 'Not saved: see the field marked below.' : `Not saved: ${error.message}`, true);
        }
      };
      return [
        h('h1', {}, 'Settings'),
        h('p', { class: 'muted' }, `${account.name} · ${account.id}. You are the supplier on this account's invoices: `
          + 'a tax invoice prints this GSTIN and address. A change reaches new invoices only; those already issued keep theirs.'),
        h('form', { class: 'settings', onsubmit: save },
          gstinRow,
          h('h2', {}, 'Address'), addressRows,
          h('div', { class: 'bar' }, h('button', { type: 'submit', class: 'primary' }, 'Save'))),
        h('p', { class: 'muted' }, 'From a terminal: npm start -- account --gstin <GSTIN> --line1 <street> --city <city> …'),
      ];
    },
  },

  keys: {
    load: async () => ({ keys: await api('GET', '/v1/test_helpers/api_keys'), account: await api('GET', '/v1/account') }),
    render({ keys, account }) {
      const shown = h('div', {});
      const issue = (newAccount) => act(newAccount ? 'New account' : 'New key', async () => {
        const issued = await api('POST', '/v1/test_helpers/api_keys', newAccount ? { new_account: true } : {});
        revealed = issued;
      });
      if (revealed) {
        const issued = revealed;
        shown.append(h('div', { class: 'secret' },
          h('p', {}, `New key for ${issued.account.name} (${issued.account.id}). It is shown only now: copy it.`),
          copyable(issued.secret),
          h('div', { class: 'bar' },
            issued.account.id !== account.id ? h('button', { type: 'button', onclick: () => signIn(issued.secret) }, 'Use this account here') : null,
            h('button', { type: 'button', onclick: () => { revealed = null; refresh(true); } }, 'Done'))));
      }
      return [
        h('h1', {}, 'API keys'),
        h('p', { class: 'muted' }, `${account.name} · ${account.id}. Keys of this account see only its invoices, clients, webhooks and events.`),
        h('div', { class: 'bar' }, h('button', { type: 'button', class: 'primary', onclick: () => issue(false) }, 'Create key'),
          h('button', { type: 'button', onclick: () => issue(true) }, 'Create key in a new account'),
          h('button', { type: 'button', onclick: signOut }, 'Sign out of this browser')),
        shown,
        table([['Key', (k) => h('code', { class: 'mono' }, k.preview)], ['ID', (k) => copyable(k.id)], ['Created', (k) => when(k.created_at)],
          ['', (k) => (k.current ? h('span', { class: 'badge info' }, 'this browser') : h('button', { type: 'button', onclick: () => act('Revoke', () => api('DELETE', `/v1/test_helpers/api_keys/${k.id}`)) }, 'Revoke'))]],
        keys.data, 'No keys.'),
        h('p', { class: 'muted' }, 'From a terminal: npm start -- keys create [--new-account] · npm start -- keys list'),
      ];
    },
  },
};
let revealed = null;

/** A subscription catching up after a failure gets its events one at a time, oldest first (contract). */
function waitingNote(delivery) {
  if (!delivery || !delivery.waiting_behind) return null;
  return h('p', { class: 'waiting' }, 'Waiting behind ', h('a', { href: `#/events/${delivery.waiting_behind}` }, delivery.waiting_behind),
    ': this subscription had a failed delivery, so it gets its events one at a time, oldest first, and this one goes once that one is answered.');
}

/** One attempt; only the newest of a subscription's attempts can still be waiting for its next retry. */
function attemptCard(a, newest) {
  const label = a.duplicate ? `Duplicate of attempt ${a.attempt}` : a.redelivery ? `Resend, attempt ${a.attempt}` : `Attempt ${a.attempt}`;
  return h('article', { class: 'attempt', dataset: { attempt: a.id } },
    h('header', {}, h('strong', {}, label), httpBadge(a.status), badge(a.outcome), h('span', {}, `${a.latency_ms} ms`), when(a.started_at),
      newest && a.outcome === 'retrying' && a.next_attempt_at ? h('span', { class: 'next' }, 'next retry ', when(a.next_attempt_at)) : null),
    a.error ? h('p', { class: 'error' }, a.error) : null,
    h('details', {}, h('summary', {}, 'Request headers and response'),
      h('pre', { class: 'mono' }, Object.entries(a.request_headers || {}).map(([n, v]) => `${n}: ${v}`).join('\n')),
      h('pre', { class: 'mono response' }, a.response_body === null ? '(no answer)' : a.response_body || '(empty body)')));
}

// ---- routing, sign-in and live updates ------------------------------------------------------------

function route() {
  const [path, search] = location.hash.replace(/^#\/?/, '').split('?');
  const params = Object.fromEntries(new URLSearchParams(search || ''));
  const [section, id] = path.split('/').map(decodeURIComponent);
  const name = section && pages[section] ? section : 'invoices';
  const detail = { invoices: 'invoice', clients: 'client', events: 'event' }[name];
  const hash = location.hash;
  return id && detail ? { name: detail, nav: name, params: { id }, hash } : { name, nav: name, params, hash };
}

let shownSignature = '';
let loading = 0;

/** Loads the page; draws it when the data changed, unless the user is selecting text or typing. */
async function refresh(force) {
  // Not while a key is being tried: a periodic refresh with it would sign out with its own words.
  if (!key || signingIn) return;
  const current = route();
  const ticket = ++loading;
  let data;
  try {
    data = await pages[current.name].load(current.params);
  } catch (error) {
    if (ticket !== loading) return;
    if (error.status === 401) return signOut('This key no longer opens the sandbox (revoked, or another sandbox). Sign in again.');
    view.replaceChildren(h('h1', {}, 'Not available'), h('p', {}, error.message), h('p', {}, h('a', { href: '#/invoices' }, 'Back to invoices')));
    view.dataset.shows = current.hash;
    shownSignature = '';
    return;
  }
  if (ticket !== loading) return;
  const signature = `${location.hash}|${JSON.stringify(data)}|${revealed ? revealed.id : ''}`;
  const busy = getSelection().toString() !== '' || view.contains(document.activeElement) && /INPUT|SELECT|TEXTAREA/.test(document.activeElement.tagName)
    || view.querySelector('form.inline') !== null || view.querySelector('details[open]') !== null;
  if (!force && (signature === shownSignature || busy)) {
    liveLine.textContent = busy && signature !== shownSignature ? 'Live updates paused while you select, type or read details.' : 'Live: up to date.';
    return;
  }
  shownSignature = signature;
  for (const link of document.querySelectorAll('#nav a')) link.classList.toggle('current', link.getAttribute('href') === `#/${current.nav}`);
  view.replaceChildren(...[pages[current.name].render(data, current.params)].flat(2).filter(Boolean));
  // Which address the view shows: a script (or a test) that changed location.hash can tell when the page is there.
  view.dataset.shows = current.hash;
  liveLine.textContent = 'Live: up to date.';
}

function signInPage(message) {
  const input = h('input', { type: 'password', name: 'key', placeholder: `${WORDS.testKeyPrefix}…`, autocomplete: 'off', 'aria-label': 'Test key', size: 34 });
  view.replaceChildren(
    h('h1', {}, 'Sign in to the sandbox'),
    message ? h('p', { class: 'error' }, message) : null,
    h('p', {}, 'Paste a test key this sandbox issued: the one npm start printed at first start, or a new one from npm start -- keys create.'),
    h('form', { class: 'bar', onsubmit: (e) => { e.preventDefault(); signIn(input.value.trim()); } }, input, h('button', { type: 'submit', class: 'primary' }, 'Sign in')));
  document.getElementById('nav').hidden = true;
  document.getElementById('account').textContent = '';
}

async function signIn(candidate) {
  key = candidate;
  signingIn = true;
  try {
    const account = await api('GET', '/v1/account');
    localStorage.setItem(KEY_STORE, candidate);
    revealed = null;
    document.getElementById('nav').hidden = false;
    document.getElementById('account').textContent = `${account.name} · ${account.id}`;
    say('');
    if (!location.hash || location.hash === '#/keys') location.hash = '#/invoices';
    signingIn = false;
    await refresh(true);
  } catch (error) {
    key = null;
    localStorage.removeItem(KEY_STORE);
    signInPage(error.message);
  } finally {
    signingIn = false;
  }
}

function signOut(message) {
  key = null;
  localStorage.removeItem(KEY_STORE);
  signInPage(typeof message === 'string' ? message : undefined);
}

window.addEventListener('hashchange', () => {
  say('');
  refresh(true);
});
if (key) signIn(key);
else signInPage();
setInterval(() => refresh(false), REFRESH_MS);
