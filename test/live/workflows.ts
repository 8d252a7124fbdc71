/** The trigger workflow both n8n live files run, as a user would build it in the editor. */
import { newWebhookId } from './n8n-server';

export const PACKAGE = 'n8n-nodes-invoicing-api';
export const CREDENTIAL = 'invoicingApi';
export const TRIGGER = 'Invoicing API Trigger';
export const ALL_EVENTS = ['invoice.viewed', 'invoice.paid', 'invoice.disputed'];

export function triggerWorkflow(name: string, saved: { id: string; name: string }) {
  return {
    name,
    nodes: [{
      id: 'b0000000-0000-4000-8000-000000000001', name: TRIGGER, type: `${PACKAGE}.invoicingApiTrigger`, typeVersion: 1,
      position: [0, 0], webhookId: newWebhookId(), parameters: { events: ALL_EVENTS },
      credentials: { [CREDENTIAL]: saved },
    }],
    connections: {},
  };
}
