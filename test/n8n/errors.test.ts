/** shared's errors → n8n's: class, item index, the field named, and no secret anywhere. */
import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

import { InputError, normalizeError } from '../../shared';
import { nodeErrorFor } from '../../n8n/transport/errors';

const node: INode = {
  id: 'n1',
  name: 'Invoicing API',
  type: 'n8n-nodes-invoicing-api.invoicingApi',
  typeVersion: 1,
  position: [0, 0],
  parameters: {},
};

test('InputError → NodeOperationError with the item index, the message and each field in the description', () => {
  const error = nodeErrorFor(
    node,
    new InputError([
      { field: 'client_email', message: 'Client Email is required' },
      {
        field: 'items[1].amount',
        message: 'Item 2: amount cannot be negative; enter a whole number of paise, e.g. 1500 for ₹15.00',
      },
    ]),
    3,
  );
  expect(error).toBeInstanceOf(NodeOperationError);
  expect(error.message).toBe(
    'Please fix 2 fields: Client Email is required; Item 2: amount cannot be negative; ' +
      'enter a whole number of paise, e.g. 1500 for ₹15.00',
  );
  expect(error.context.itemIndex).toBe(3);
  expect(error.description).toBe(
    'client_email: Client Email is required\n' +
      'items[1].amount: Item 2: amount cannot be negative; enter a whole number of paise, e.g. 1500 for ₹15.00',
  );
});

test('InputError for one field → its message alone, not said again under its key in the description', () => {
  // What the editor showed for a mistyped GSTIN (docs/images/n8n-gst-refused.png): the message, then
  // "gstin: " and the same message again.
  const message = 'GSTIN has the check character "5" at position 15, but the first 14 characters give "4"';
  const error = nodeErrorFor(node, new InputError([{ field: 'gstin', message }]), 0);
  expect(error.message).toBe(message);
  expect(error.description).toBeFalsy();
});

test('ApiError 422 → NodeApiError with the HTTP code, the field errors and the request id', () => {
  const apiError = normalizeError({
    status: 422,
    headers: { 'content-type': 'application/problem+json' },
    body: {
      type: 'about:blank',
      title: 'Invalid',
      status: 422,
      code: 'validation_failed',
      request_id: 'req_123',
      errors: [{ param: 'items[0].amount', message: 'must be a whole number' }],
    },
  });
  const error = nodeErrorFor(node, apiError, 0) as NodeApiError;
  expect(error).toBeInstanceOf(NodeApiError);
  expect(error.httpCode).toBe('422');
  expect(error.message).toBe(apiError.message);
  expect(error.message).toContain('Amount (items[0].amount): must be a whole number');
  expect(error.context.itemIndex).toBe(0);
  expect(error.description).toBe(`items[0].amount: ${apiError.fieldErrors[0].message}\nRequest ID: req_123`);
});

test('a key or webhook secret echoed by a broken service does not reach the n8n error', () => {
  const key = ['ik', 'test', 'Zx9Qw7Er5Ty3Ui1Op'].join('_');
  const secret = `whsec_${Buffer.from('0123456789abcdef0123').toString('base64')}`;
  const error = nodeErrorFor(
    node,
    normalizeError({ status: 500, body: `upstream failed for Bearer ${key} with ${secret}` }),
    1,
  );
  const serialised = JSON.stringify({ ...error, message: error.message, description: error.description });
  expect(serialised).not.toContain(key);
  expect(serialised).not.toContain(secret);
  expect(error.message).toContain('[redacted]');
});

test('a 429 keeps its wait in the message; errors outside an item carry no item index', () => {
  const error = nodeErrorFor(node, normalizeError({ status: 429, headers: { 'Retry-After': '7' }, body: '' }));
  expect(error.message).toBe('Too many requests to Invoicing API (HTTP 429). Try again in 7 s.');
  expect(error.context.itemIndex).toBeUndefined();
});

test('n8n errors pass through; anything else becomes a NodeOperationError', () => {
  const own = new NodeOperationError(node, 'already mapped');
  expect(nodeErrorFor(node, own, 0)).toBe(own);
  const other = nodeErrorFor(node, new TypeError('boom'), 2);
  expect(other).toBeInstanceOf(NodeOperationError);
  expect(other.message).toBe('boom');
  expect(other.context.itemIndex).toBe(2);
});
