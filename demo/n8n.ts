/**
 * The n8n half: the BUILT package (n8n/build.mjs into a temporary folder, loaded by n8n-core's
 * PackageDirectoryLoader as an n8n instance loads a community package), its action node run by
 * WorkflowExecute and its trigger driven through HookContext / WebhookContext, using the harness the
 * n8n tests use. The credential test runs as n8n's editor runs it: the credential's declared test
 * request through n8n-core's RoutingNode.
 */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import {
  Workflow,
  type ICredentialDataDecryptedObject,
  type IDataObject,
  type INode,
  type INodeType,
  type IRunExecutionData,
} from 'n8n-workflow';

import {
  EVENT_TYPES,
  signWebhook,
  type Client,
  type FlatEventRecord,
  type PresentedInvoice,
  type PresentedPayment,
} from '../shared';
import {
  TestCredentialsHelper,
  TriggerHost,
  additionalDataFor,
  buildPackage,
  loadPackage,
  runNode,
  type LoadedPackage,
} from '../test/n8n/harness';
import { tamper, type Receipts } from './receipts';

const CREDENTIAL = 'invoicingApi';

export class N8nSide {
  private trigger?: TriggerHost;

  private constructor(
    readonly pkg: LoadedPackage,
    private readonly credentials: Record<string, ICredentialDataDecryptedObject>,
    private readonly cleanup: () => void,
  ) {}

  static async load(connection: { apiKey: string; baseUrl: string }): Promise<N8nSide> {
    const built = buildPackage();
    const pkg = await loadPackage(built.dir);
    return new N8nSide(
      pkg,
      { [CREDENTIAL]: { apiKey: connection.apiKey, baseUrl: connection.baseUrl } },
      built.cleanup,
    );
  }

  /** The credential's Test button: its declared request, authenticated, through RoutingNode. */
  async testCredential(): Promise<void> {
    const { test } = this.pkg.loader.getCredential(CREDENTIAL).type;
    if (!test) throw new Error('The credential declares no test request');
    const nodeType: INodeType = {
      description: {
        displayName: 'Credential Test',
        name: 'credentialTest',
        group: ['transform'],
        version: 1,
        description: '',
        defaults: {},
        inputs: [],
        outputs: [],
        credentials: [{ name: CREDENTIAL, required: true }],
        properties: [
          { displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } },
        ],
      },
    };
    const node: INode = {
      id: 'credential-test',
      name: 'Credential Test',
      type: 'credentialTest',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
      credentials: { [CREDENTIAL]: { id: '1', name: 'Sandbox' } },
    };
    const workflow = new Workflow({
      nodes: [node],
      connections: {},
      active: false,
      nodeTypes: { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) },
    });
    const additionalData = additionalDataFor(
      new TestCredentialsHelper(this.pkg, this.credentials),
      undefined,
      'credential-test',
    );
    for (let attempt = 1; ; attempt += 1) {
      const context = new ExecuteContext(
        workflow,
        node,
        additionalData,
        'internal',
        { resultData: { runData: {} } } as unknown as IRunExecutionData,
        0,
        [],
        { main: [[{ json: {} }]] },
        { node, data: {}, source: null },
        [],
      );
      try {
        await new RoutingNode(context, nodeType, {
          id: '1',
          name: 'Sandbox',
          type: CREDENTIAL,
          data: this.credentials[CREDENTIAL],
        }).runNode();
        return;
      } catch (error) {
        // The nodes wait out a 429 themselves; the editor's Test button does not, so retry as a user would.
        if ((error as { httpCode?: string }).httpCode !== '429' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /** One run of the Invoicing API node; the node's error (if any) is the step's failure. */
  async run<T = IDataObject>(parameters: IDataObject): Promise<T[]> {
    const { items, error } = await runNode(this.pkg, {
      node: 'invoicingApi',
      parameters,
      credentials: this.credentials,
    });
    if (error) throw new Error(error.message);
    return items.map((item) => item.json as T);
  }

  /** Invoice → Download PDF: the file n8n holds as the item's binary `data` (base64 in memory mode). */
  async downloadPdf(invoiceId: string): Promise<Array<{ fileName: string; bytes: Buffer }>> {
    const { items, error } = await runNode(this.pkg, {
      node: 'invoicingApi',
      parameters: {
        resource: 'invoice',
        operation: 'downloadPdf',
        invoice_id: { __rl: true, mode: 'id', value: invoiceId },
      },
      credentials: this.credentials,
    });
    if (error) throw new Error(error.message);
    return items.map((item) => ({
      fileName: String(item.binary?.data?.fileName),
      bytes: Buffer.from(String(item.binary?.data?.data), 'base64'),
    }));
  }

  async upsertClient(email: string, phone: string): Promise<Client> {
    const [client] = await this.run<Client>({
      resource: 'client',
      operation: 'upsert',
      email,
      additionalFields: { phone },
    });
    return client;
  }

  async createInvoice(parameters: IDataObject): Promise<PresentedInvoice> {
    const [invoice] = await this.run<PresentedInvoice>({ resource: 'invoice', operation: 'create', ...parameters });
    return invoice;
  }

  async recordPayment(parameters: IDataObject): Promise<PresentedPayment> {
    const [payment] = await this.run<PresentedPayment>({ resource: 'payment', operation: 'record', ...parameters });
    return payment;
  }

  async listInvoices(): Promise<PresentedInvoice[]> {
    return await this.run<PresentedInvoice>({ resource: 'invoice', operation: 'getAll', returnAll: true });
  }

  /** Activates a workflow whose trigger listens for every event: checkExists, then create. */
  async activateTrigger(): Promise<string> {
    this.trigger = new TriggerHost(this.pkg, {
      node: 'invoicingApiTrigger',
      parameters: { events: [...EVENT_TYPES] },
      credentials: this.credentials,
    });
    await this.trigger.listen();
    await this.trigger.activate();
    return String(this.stored().webhookId);
  }

  /** The trigger's static data, as n8n keeps it with the workflow: the webhook's id and secret. */
  private stored(): IDataObject {
    return (this.trigger!.staticData['node:Invoicing API Trigger'] ?? {}) as IDataObject;
  }

  /** What the trigger's webhook() made of each delivery: started a run, acknowledged a repeat, or refused it. */
  receipts(): Receipts {
    const host = this.trigger!;
    const records = host.started.map((run) => run[0][0].json as unknown as FlatEventRecord);
    return {
      deliveries: host.answers.length,
      records,
      repeats: host.answers.filter((answer) => answer.status === 200 && !answer.started).length,
      rejected: host.answers.filter((answer) => answer.status === 401).length,
    };
  }

  /**
   * An event received, signed again with the subscription's secret (as the service signs it), then its
   * body changed, posted to the workflow's webhook URL: the trigger must answer 401 and start nothing.
   * Returns the trigger's answer when it refused.
   */
  async refusalOfTampered(): Promise<string | undefined> {
    const host = this.trigger!;
    // An invoice event, since the forger raises the amount due (with shuffled deliveries
    // a client event may come first).
    const event = host.started
      .map((run) => run[0][0].json.event as IDataObject)
      .find((started) => JSON.stringify(started).includes('"amount_due":'))!;
    const body = JSON.stringify(event);
    const headers = signWebhook({
      secret: String(this.stored().webhookSecret),
      id: String(event.id),
      timestamp: Math.floor(Date.now() / 1000),
      body,
    });
    const before = host.started.length;
    const response = await fetch(host.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: tamper(body),
    });
    const answer = `${response.status} ${await response.text()}`;
    return response.status === 401 && host.started.length === before ? answer : undefined;
  }

  async deactivateTrigger(): Promise<void> {
    await this.trigger?.deactivate();
  }

  async close(): Promise<void> {
    await this.trigger?.close();
    this.cleanup();
  }
}
