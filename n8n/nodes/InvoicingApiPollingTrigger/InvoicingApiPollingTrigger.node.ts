import {
  NodeConnectionTypes,
  NodeOperationError,
  type INodeExecutionData,
  type INodeType,
  type INodeTypeDescription,
  type IPollFunctions,
} from 'n8n-workflow';

import { nodeState } from '../../triggers/nodeState';

import {
  CursorExpired,
  SERVICE,
  catchUp,
  eventsFrom,
  startingCursor,
  triggerInput,
  type FetchEvents,
} from '../../../shared';
import { nodeErrorFor } from '../../transport/errors';
import { eventItem, eventsProperty } from '../../triggers/triggerEvents';
import {
  OVERDUE_DAYS,
  TRIGGER_ON,
  daysOverdueProperty,
  pollOverdue,
  triggerOnProperty,
} from '../../triggers/overduePoll';
import { CREDENTIAL, connectionOf, sender } from '../../transport/connection';

/** Events handed on by one poll at most; a larger backlog continues on the next poll, in order. */
const MAX_PER_POLL = 1000;

/**
 * For an n8n the service cannot reach (behind a home router or a company firewall): asks
 * `GET /v1/events` on n8n's polling schedule for what happened since the last poll. The cursor (the
 * newest event handed on) lives in the node's static data, which n8n saves with each poll's items, so
 * every event starts the workflow once, in the order the service recorded them.
 */
export class InvoicingApiPollingTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: `${SERVICE.displayName} Polling Trigger`,
    name: 'invoicingApiPollingTrigger',
    icon: { light: 'file:../../icons/invoicingApi.svg', dark: 'file:../../icons/invoicingApi.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle:
      '={{$parameter["triggerOn"] === "overdueDays" ? $parameter["days_overdue"] + " days overdue" : ' +
      '$parameter["events"].join(", ")}}',
    description:
      'Checks for new invoice and client events on a schedule, for an n8n the service cannot send webhooks to',
    defaults: { name: `${SERVICE.displayName} Polling Trigger` },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: CREDENTIAL, required: true }],
    properties: [
      {
        displayName:
          `Checks ${SERVICE.displayName} on its Poll Times schedule. ` +
          `Use the ${SERVICE.displayName} Trigger ` +
          'instead when the service can reach this n8n: it starts the workflow the moment an event happens.',
        name: 'notice',
        type: 'notice',
        default: '',
      },
      triggerOnProperty,
      { ...eventsProperty, displayOptions: { show: { [TRIGGER_ON]: ['events'] } } },
      daysOverdueProperty,
    ],
  };

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    const connection = await connectionOf(this);
    const state = nodeState(this);
    const manual = this.getMode() === 'manual';
    if (this.getNodeParameter(TRIGGER_ON, 'events') === OVERDUE_DAYS) {
      const days = this.getNodeParameter(daysOverdueProperty.name, 0);
      return pollOverdue(connection, sender(this), days, state, manual).catch((error) => {
        throw nodeErrorFor(this.getNode(), error);
      });
    }
    const fetch: FetchEvents = eventsFrom(connection, sender(this));
    try {
      const { events: types } = triggerInput('events', { events: this.getNodeParameter('events', []) });
      if (manual) return await newestForEditor(fetch, types);
      if (typeof state.cursor !== 'string') {
        // The first poll after activation marks where the service stands; history is not replayed.
        state.cursor = await startingCursor(fetch);
        return null;
      }
      const caught = await catchUp(fetch, state.cursor, types, MAX_PER_POLL);
      state.cursor = caught.cursor;
      return caught.events.length ? [caught.events.map(eventItem)] : null;
    } catch (error) {
      if (error instanceof CursorExpired) {
        state.cursor = error.restartFrom;
        throw new NodeOperationError(this.getNode(), error.message);
      }
      throw nodeErrorFor(this.getNode(), error);
    }
  }
}

/** "Fetch Test Event": the newest event of a selected type, without moving the cursor. */
async function newestForEditor(fetch: FetchEvents, types: string[]): Promise<INodeExecutionData[][] | null> {
  const page = await fetch({ limit: 100 });
  const newest = page.data.find((event) => types.includes(event.type));
  return newest ? [[eventItem(newest)]] : null;
}
