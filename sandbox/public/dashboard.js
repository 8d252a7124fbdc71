// The sandbox dashboard: reads one overview call, renders five tables, and drives the test helpers.
// Plain browser JavaScript served as is (no build step), so it stays small and dependency-free.
'use strict';

// The key comes in the URL's fragment (never sent to the server) and is kept in this browser only.
const fromHash = new URLSearchParams(location.hash.slice(1)).get('key');
if (fromHash) {
  localStorage.setItem('sandbox-key', fromHash);
  history.replaceState(null, '', location.pathname);
}
const key = localStorage.getItem('sandbox-key');
const statusLine = document.getElementById('status');
const REFRESH_MS = 1500;

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error((parsed && parsed.detail) || `HTTP ${response.status}`);
  return parsed;
}

function cell(content, className) {
  const td = document.createElement('td');
  if (content instanceof Node) td.append(content);
  else td.textContent = content === undefined || content === null ? '' : String(content);
  if (className) td.className = className;
  return td;
}

function button(label, action) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', () => run(label, action));
  return element;
}

function actions(...buttons) {
  const span = document.createElement('span');
  span.append(...buttons);
  return span;
}

function fill(tableId, rows, columns, emptyText) {
  const body = document.querySelector(`#${tableId} tbody`);
  body.replaceChildren();
  if (!rows.length) {
    const tr = document.createElement('tr');
    tr.className = 'empty';
    const td = cell(emptyText);
    td.colSpan = document.querySelectorAll(`#${tableId} thead th`).length;
    tr.append(td);
    body.append(tr);
    return;
  }
  for (const row of rows) {
    const tr = document.createElement('tr');
    tr.dataset.id = row.id;
    tr.append(...columns(row));
    body.append(tr);
  }
}

async function run(label, action) {
  statusLine.className = '';
  statusLine.textContent = `${label}…`;
  try {
    await action();
    statusLine.textContent = `${label}: done`;
  } catch (error) {
    statusLine.className = 'bad';
    statusLine.textContent = `${label}: ${error.message}`;
  }
  await refresh();
}

const helper = (invoice, occasion, body) => () =>
  api('POST', `/v1/test_helpers/invoices/${encodeURIComponent(invoice.id)}/${occasion}`, body);

function invoiceColumns(invoice) {
  const dispute = () => {
    const reason = window.prompt('Dispute reason', 'amount_incorrect');
    if (!reason) return Promise.resolve();
    return helper(invoice, 'dispute', { reason })();
  };
  return [
    cell(invoice.number), cell(invoice.client_email), cell(invoice.amount_due_formatted, 'money'),
    cell(invoice.amount_remaining_formatted, 'money'), cell(invoice.status),
    cell(invoice.whatsapp.error_code ? `${invoice.whatsapp.status} (${invoice.whatsapp.error_code})` : invoice.whatsapp.status),
    cell(actions(
      button('View', helper(invoice, 'view', { channel: 'link' })),
      button('Pay', helper(invoice, 'pay', {})),
      button('Record transfer', () => recordTransfer(invoice)),
      button('Dispute', dispute),
    )),
  ];
}

// A bank transfer the way an accountant records it from a statement line: the amount and its reference.
function recordTransfer(invoice) {
  const amount = window.prompt(`Amount in minor units (at most ${invoice.amount_remaining})`, String(invoice.amount_remaining));
  if (!amount) return Promise.resolve();
  const reference = window.prompt('Bank reference (NEFT/IMPS UTR)', '') || undefined;
  return api('POST', `/v1/invoices/${encodeURIComponent(invoice.id)}/payments`,
    { method: 'bank_transfer', amount: Number(amount), reference });
}

function paymentColumns(payment) {
  return [
    cell(payment.paid_at), cell(payment.invoice_id), cell(payment.method), cell(payment.amount_formatted, 'money'),
    cell(payment.upi ? payment.upi.utr : payment.reference), cell(payment.id),
  ];
}

function deliveryColumns(attempt) {
  const ok = attempt.outcome === 'succeeded';
  return [
    cell(attempt.started_at), cell(`${attempt.event_type} ${attempt.event_id}`), cell(attempt.webhook_id),
    cell(attempt.duplicate ? `${attempt.attempt} (duplicate)` : attempt.attempt), cell(attempt.status ?? '—'),
    cell(`${attempt.latency_ms} ms`), cell(attempt.outcome, ok ? 'ok' : 'bad'), cell(attempt.error),
    cell(button('Redeliver', () => api('POST', `/v1/test_helpers/events/${encodeURIComponent(attempt.event_id)}/redeliver`,
      { webhook_id: attempt.webhook_id }))),
  ];
}

async function refresh() {
  let overview;
  try {
    overview = await api('GET', '/v1/test_helpers/overview');
  } catch (error) {
    statusLine.className = 'bad';
    statusLine.textContent = `Could not load the sandbox state: ${error.message}`;
    return;
  }
  document.getElementById('account').textContent = `${overview.account.name} · test mode`;
  fill('invoices', overview.invoices.data, invoiceColumns, 'No invoices yet: create one with POST /v1/invoices.');
  fill('payments', overview.payments.data, paymentColumns, 'No payments yet: Pay simulates UPI, Record transfer records a bank transfer.');
  fill('clients', overview.clients.data, (c) => [cell(c.id), cell(c.email), cell(c.name), cell(c.phone), cell(c.company)],
    'No clients yet.');
  fill('webhooks', overview.webhooks.data, (w) => [cell(w.id), cell(w.url), cell(w.events.join(', ')),
    cell(w.disabled_reason ? `${w.status}: ${w.disabled_reason}` : w.status)], 'No webhook subscriptions yet.');
  fill('deliveries', overview.deliveries.data, deliveryColumns, 'No delivery attempts yet.');
  document.getElementById('pending').textContent = `${overview.pending.length} deliveries waiting for their next attempt.`;
}

refresh();
setInterval(refresh, REFRESH_MS);
