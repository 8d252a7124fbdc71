/**
 * Runs the BUILT package inside n8n-core, the way an n8n instance would: PackageDirectoryLoader reads
 * package.json and requires dist/, WorkflowExecute runs the action node (with Retry On Fail and
 * Continue On Fail handled by the engine, not by us), and HookContext / WebhookContext drive the
 * trigger's webhook lifecycle and deliveries. Only the pieces an n8n server normally supplies
 * (credential storage, the HTTP front door) are stood in for here.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  ExecutionLifecycleHooks,
  HookContext,
  PackageDirectoryLoader,
  PollContext,
  WebhookContext,
  WorkflowExecute,
} from 'n8n-core';
import {
  ICredentialsHelper,
  NodeHelpers,
  Workflow,
  isExpression,
  type ICredentialDataDecryptedObject,
  type ICredentials,
  type IDataObject,
  type IHttpRequestOptions,
  type INode,
  type INodeExecutionData,
  type INodeType,
  type INodeTypes,
  type IRun,
  type IRunExecutionData,
  type IVersionedNodeType,
  type IWebhookData,
  type IWebhookResponseData,
  type IWorkflowExecuteAdditionalData,
  type WorkflowExecuteMode,
} from 'n8n-workflow';

const repoRoot = path.resolve(__dirname, '../..');
const packageRoot = path.join(repoRoot, 'n8n');

/**
 * Builds the package into a fresh temporary folder (so parallel suites never share a dist/) that
 * resolves modules from the repo's node_modules, as an n8n instance puts its own on the path. With
 * `zod`, the folder instead sees only n8n-workflow and that folder as `zod`: an n8n whose zod differs.
 */
export function buildPackage(options: { zod?: string } = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'n8n-nodes-invoicing-api-'));
  execFileSync(process.execPath, [path.join(packageRoot, 'build.mjs'), path.join(dir, 'dist')], {
    cwd: packageRoot,
    stdio: 'pipe',
  });
  copyFileSync(path.join(packageRoot, 'package.json'), path.join(dir, 'package.json'));
  if (options.zod) {
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(
      path.join(repoRoot, 'node_modules', 'n8n-workflow'),
      path.join(dir, 'node_modules', 'n8n-workflow'),
      'dir',
    );
    symlinkSync(options.zod, path.join(dir, 'node_modules', 'zod'), 'dir');
  } else {
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface LoadedPackage {
  loader: PackageDirectoryLoader;
  nodeTypes: INodeTypes;
  packageName: string;
  /** `n8n-nodes-invoicing-api.invoicingApi` for `invoicingApi`. */
  typeName(node: string): string;
}

export async function loadPackage(dir: string): Promise<LoadedPackage> {
  // n8n's logger (created on first use) would print every node error the tests provoke on purpose.
  process.env.N8N_LOG_LEVEL ??= 'silent';
  const loader = new PackageDirectoryLoader(dir);
  await loader.loadAll();
  const { packageName } = loader;
  const shortName = (type: string) => (type.startsWith(`${packageName}.`) ? type.slice(packageName.length + 1) : type);
  const nodeTypes: INodeTypes = {
    getByName: (type) => loader.getNode(shortName(type)).type,
    getByNameAndVersion: (type, version) =>
      NodeHelpers.getVersionedNodeType(loader.getNode(shortName(type)).type as INodeType | IVersionedNodeType, version),
    getKnownTypes: () => loader.known.nodes,
  };
  return { loader, nodeTypes, packageName, typeName: (node) => `${packageName}.${node}` };
}

/**
 * Credential storage as the n8n server does it: hands out the decrypted values and applies the
 * credential type's declared `authenticate` by resolving its expressions in the workflow.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
  /** How many times a node asked for the decrypted credential (n8n reads its database each time). */
  reads = 0;

  constructor(
    private readonly pkg: LoadedPackage,
    private readonly values: Record<string, ICredentialDataDecryptedObject>,
  ) {
    super();
  }

  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    typeName: string,
    requestOptions: IHttpRequestOptions,
    workflow?: Workflow,
    node?: INode,
  ): Promise<IHttpRequestOptions> {
    const { authenticate } = this.pkg.loader.getCredential(typeName).type;
    if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
    if (!authenticate || authenticate.type !== 'generic' || !workflow || !node) return requestOptions;
    const resolve = (value: string) =>
      isExpression(value)
        ? String(
            workflow.expression.getSimpleParameterValue(
              node,
              value,
              'internal',
              { $credentials: credentials },
              undefined,
              '',
            ),
          )
        : value;
    const target = requestOptions as unknown as Record<string, Record<string, string>>;
    for (const [section, entries] of Object.entries(authenticate.properties)) {
      target[section] ??= {};
      for (const [key, value] of Object.entries(entries as Record<string, string>)) {
        target[section][resolve(key)] = resolve(value);
      }
    }
    return requestOptions;
  }

  async getDecrypted(_data: IWorkflowExecuteAdditionalData, _node: unknown, type: string) {
    const value = this.values[type];
    if (!value) throw new Error(`No test credentials of type ${type}`);
    this.reads += 1;
    return { ...value };
  }

  isCredentialUsableByNode(): boolean {
    return true;
  }

  getParentTypes(): string[] {
    return [];
  }

  getCredentialsProperties(type: string) {
    return this.pkg.loader.getCredential(type).type.properties;
  }

  async preAuthentication() {
    return undefined;
  }

  async runPreAuthentication() {
    return undefined;
  }

  async getCredentials(): Promise<ICredentials> {
    throw new Error('Not needed by these nodes');
  }

  async updateCredentials(): Promise<void> {}

  async updateCredentialsOauthTokenData(): Promise<void> {}
}

let executionCounter = 0;

export function additionalDataFor(
  credentialsHelper: ICredentialsHelper,
  hooks: ExecutionLifecycleHooks | undefined,
  executionId: string,
  webhookBaseUrl = 'http://127.0.0.1:1/webhook',
): IWorkflowExecuteAdditionalData {
  const unsupported = (what: string) => () => {
    throw new Error(`${what} is not available in the test harness`);
  };
  return {
    credentialsHelper,
    hooks,
    executionId,
    currentNodeExecutionIndex: 0,
    restApiUrl: 'http://127.0.0.1:1/rest',
    instanceBaseUrl: 'http://127.0.0.1:1/',
    formBaseUrl: 'http://127.0.0.1:1/form',
    formWaitingBaseUrl: 'http://127.0.0.1:1/form-waiting',
    formTestBaseUrl: 'http://127.0.0.1:1/form-test',
    webhookBaseUrl,
    webhookWaitingBaseUrl: `${webhookBaseUrl}-waiting`,
    webhookTestBaseUrl: `${webhookBaseUrl}-test`,
    mcpBaseUrl: 'http://127.0.0.1:1/mcp',
    mcpTestBaseUrl: 'http://127.0.0.1:1/mcp-test',
    variables: {},
    executeWorkflow: unsupported('executeWorkflow'),
    getRunExecutionData: unsupported('getRunExecutionData'),
    getRuntimeCredential: unsupported('getRuntimeCredential'),
    logAiEvent: () => undefined,
    startRunnerTask: unsupported('startRunnerTask'),
  } as unknown as IWorkflowExecuteAdditionalData;
}

export interface NodeRun {
  run: IRun;
  /** The node's main output (empty when it failed without Continue On Fail). */
  items: INodeExecutionData[];
  /** The error the workflow stopped on, if any. */
  error?: IRun['data']['resultData']['error'];
  /** The workflow's static data after the run (what n8n saves with the workflow). */
  staticData: IDataObject;
  /** How many times the run read the decrypted credential. */
  credentialReads: number;
}

export interface RunNodeOptions {
  node: string;
  parameters: IDataObject;
  credentials: Record<string, ICredentialDataDecryptedObject>;
  input?: IDataObject[];
  /** Node settings as the editor saves them: retryOnFail, maxTries, waitBetweenTries, onError. */
  settings?: Partial<Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'onError'>>;
  executionId?: string;
  mode?: WorkflowExecuteMode;
  /** The node's type version as a saved workflow names it; by default the one n8n gives a new node. */
  typeVersion?: number;
  /** The node's name (its static data is keyed by it) and the static data the workflow starts with. */
  name?: string;
  staticData?: IDataObject;
  /**
   * Start from a finished run's execution data instead of a fresh one. `retry`: what n8n's Retry in the
   * executions list does with a failed execution (a new execution, mode `retry`, on the failed one's data
   * without its error and its failed run: ExecutionService.retryExecution). `again`: the node runs once
   * more in the same execution, with the same input, as in a loop.
   */
  from?: { run: NodeRun; as: 'retry' | 'again' };
}

/** The version the editor puts on a node dropped into a new workflow: defaultVersion, else the newest. */
export function newNodeVersion(pkg: LoadedPackage, node: string): number {
  const { description } = pkg.nodeTypes.getByName(pkg.typeName(node)) as INodeType;
  const versions = [description.version].flat();
  return description.defaultVersion ?? Math.max(...versions);
}

/** Runs one node of the package through WorkflowExecute, fed with `input` as its incoming items. */
export async function runNode(pkg: LoadedPackage, options: RunNodeOptions): Promise<NodeRun> {
  const executionId = options.executionId ?? `exec-${++executionCounter}`;
  const node: INode = {
    id: 'node-under-test',
    name: options.name ?? 'Invoicing API',
    type: pkg.typeName(options.node),
    typeVersion: options.typeVersion ?? newNodeVersion(pkg, options.node),
    position: [0, 0],
    parameters: options.parameters as INode['parameters'],
    credentials: Object.fromEntries(Object.keys(options.credentials).map((type) => [type, { id: '1', name: 'Test' }])),
    ...options.settings,
  };
  const workflow = new Workflow({
    id: 'wf-test',
    name: 'Test workflow',
    nodes: [node],
    connections: {},
    nodeTypes: pkg.nodeTypes,
    active: false,
    staticData: JSON.parse(JSON.stringify(options.staticData ?? {})) as IDataObject,
    settings: { executionOrder: 'v1' },
  });
  const mode = options.from?.as === 'retry' ? 'retry' : (options.mode ?? 'manual');
  const hooks = new ExecutionLifecycleHooks(mode, executionId, {
    id: workflow.id,
    name: 'Test workflow',
    nodes: [node],
    connections: {},
    active: false,
    activeVersionId: null,
    isArchived: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const input = (options.input ?? [{}]).map((json) => ({ json }));

  const credentialsHelper = new TestCredentialsHelper(pkg, options.credentials);
  const additionalData = additionalDataFor(credentialsHelper, hooks, executionId);
  const runExecutionData: IRunExecutionData = options.from
    ? continuedData(options.from.run.run.data, options.from.as, workflow.getNode(node.name)!, input)
    : ({
        version: 1,
        startData: {},
        resultData: { runData: {} },
        executionData: {
          contextData: {},
          metadata: {},
          nodeExecutionStack: [
            {
              node: workflow.getNode(node.name)!,
              data: { main: [input] },
              source: null,
            },
          ],
          waitingExecution: {},
          waitingExecutionSource: {},
        },
      } as unknown as IRunExecutionData);
  const engine = new WorkflowExecute(additionalData, mode, runExecutionData);
  const run = await engine.processRunExecutionData(workflow);
  const taskData = run.data.resultData.runData[node.name]?.at(-1);
  return {
    run,
    items: taskData?.data?.main?.[0] ?? [],
    error: run.data.resultData.error,
    staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
    credentialReads: credentialsHelper.reads,
  };
}

/** The execution data a retried execution (or the node's next run in a loop) starts from. */
function continuedData(
  finished: IRunExecutionData,
  as: 'retry' | 'again',
  node: INode,
  input: INodeExecutionData[],
): IRunExecutionData {
  const data = structuredClone(finished);
  if (as === 'again') {
    data.executionData!.nodeExecutionStack.push({ node, data: { main: [input] }, source: null });
    return data;
  }
  const { lastNodeExecuted } = data.resultData;
  if (lastNodeExecuted) {
    delete data.resultData.error;
    const runs = data.resultData.runData[lastNodeExecuted];
    if (runs?.length && runs[runs.length - 1].error !== undefined) runs.pop();
  }
  for (const entry of data.executionData!.nodeExecutionStack) entry.node = node;
  return data;
}

export interface TriggerSetup {
  node: string;
  parameters: IDataObject;
  credentials: Record<string, ICredentialDataDecryptedObject>;
  /**
   * Also run each started execution's trigger step (the node's `execute`) before answering, keeping the
   * static data it writes, as n8n saves it when the execution ends.
   */
  executes?: boolean;
  /** The trigger's type version in the workflow (1 unless said). */
  typeVersion?: number;
}

/**
 * A workflow with the trigger node, as an active n8n instance holds it: the webhook lifecycle runs
 * through HookContext (static data persisted between calls, as n8n keeps it in its database) and
 * HTTP deliveries arrive on a real server on 127.0.0.1 that hands them to WebhookContext.
 */
export class TriggerHost {
  staticData: IDataObject = {};

  /** Workflows started by deliveries, in arrival order. */
  readonly started: INodeExecutionData[][][] = [];

  /** Every delivery's answer, in arrival order: what the service saw. */
  readonly answers: Array<{ status: number; started: boolean }> = [];

  /** While true, n8n is "down": every delivery gets 503 and reaches no node. */
  down = false;

  private server?: Server;

  private baseUrl = '';

  private readonly credentialsHelper: TestCredentialsHelper;

  constructor(
    private readonly pkg: LoadedPackage,
    private setup: TriggerSetup,
  ) {
    this.credentialsHelper = new TestCredentialsHelper(pkg, setup.credentials);
  }

  /** The URL deliveries must be posted to (what the node registers with the service). */
  get webhookUrl(): string {
    const workflow = this.workflow();
    const webhook = this.webhook(workflow);
    return `${this.baseUrl}/${webhook.path}`;
  }

  async listen(): Promise<void> {
    this.server = createServer((req, res) => void this.receive(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  reconfigure(parameters: IDataObject): void {
    this.setup = { ...this.setup, parameters };
  }

  /** What n8n does on activation: create the remote webhook unless checkExists says it is there. */
  async activate(): Promise<{ existed: boolean }> {
    const existed = await this.runMethod('checkExists');
    if (!existed) await this.runMethod('create');
    return { existed };
  }

  async deactivate(): Promise<boolean> {
    return await this.runMethod('delete');
  }

  async runMethod(method: 'checkExists' | 'create' | 'delete'): Promise<boolean> {
    const workflow = this.workflow();
    const node = this.node(workflow);
    const webhook = this.webhook(workflow);
    const fn = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).webhookMethods?.default?.[method];
    if (!fn) throw new Error(`The trigger has no ${method} method`);
    const context = new HookContext(
      workflow,
      node,
      webhook.workflowExecuteAdditionalData,
      'trigger',
      'activate',
      webhook,
    );
    const result = await fn.call(context);
    this.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
    return result;
  }

  private async execute(name: string, items: INodeExecutionData[]): Promise<void> {
    const run = await runNode(this.pkg, {
      node: this.setup.node,
      name,
      parameters: this.setup.parameters,
      credentials: this.setup.credentials,
      input: items.map((item) => item.json),
      staticData: this.staticData,
      mode: 'webhook',
      typeVersion: this.setup.typeVersion,
    });
    if (run.error) throw new Error(`The trigger's execution failed: ${run.error.message}`);
    this.staticData = run.staticData;
  }

  private workflow(): Workflow {
    const node: INode = {
      id: 'trigger-under-test',
      name: 'Invoicing API Trigger',
      type: this.pkg.typeName(this.setup.node),
      typeVersion: this.setup.typeVersion ?? 1,
      position: [0, 0],
      webhookId: '6f1c1d2e-52a4-4b8e-9a31-5f0e1c7d9b10',
      parameters: this.setup.parameters as INode['parameters'],
      credentials: Object.fromEntries(
        Object.keys(this.setup.credentials).map((type) => [type, { id: '1', name: 'Test' }]),
      ),
    };
    return new Workflow({
      id: 'wf-trigger',
      name: 'Trigger workflow',
      nodes: [node],
      connections: {},
      nodeTypes: this.pkg.nodeTypes,
      active: true,
      staticData: JSON.parse(JSON.stringify(this.staticData)) as IDataObject,
      settings: { executionOrder: 'v1' },
    });
  }

  private node(workflow: Workflow): INode {
    return Object.values(workflow.nodes)[0];
  }

  /** The registration n8n's webhook service keeps for the trigger's one production webhook. */
  private webhook(workflow: Workflow): IWebhookData {
    const node = this.node(workflow);
    const description = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion).description.webhooks?.[0];
    if (!description) throw new Error('The trigger declares no webhook');
    return {
      httpMethod: description.httpMethod as IWebhookData['httpMethod'],
      node: node.name,
      path: NodeHelpers.getNodeWebhookPath(workflow.id, node, String(description.path)),
      webhookDescription: description,
      workflowId: workflow.id,
      webhookId: node.webhookId,
      workflowExecuteAdditionalData: additionalDataFor(
        this.credentialsHelper,
        undefined,
        `exec-${++executionCounter}`,
        this.baseUrl,
      ),
    };
  }

  /** Stands in for n8n's webhook server: raw body kept, JSON parsed, the node's answer honoured. */
  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    let body: unknown = {};
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      body = {};
    }
    if (this.down) {
      res.statusCode = 503;
      res.end('n8n is down');
      return;
    }
    const request = Object.assign(req, { rawBody, body, query: {}, params: {} });
    const response = expressLike(res);
    const workflow = this.workflow();
    const node = this.node(workflow);
    const webhook = this.webhook(workflow);
    if (
      req.method !== webhook.httpMethod ||
      `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${req.url}` !== this.webhookUrl
    ) {
      res.statusCode = 404;
      res.end('No webhook here');
      return;
    }
    webhook.workflowExecuteAdditionalData.httpRequest = request as never;
    webhook.workflowExecuteAdditionalData.httpResponse = response as never;
    const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
    const context = new WebhookContext(
      workflow,
      node,
      webhook.workflowExecuteAdditionalData,
      'webhook',
      webhook,
      [],
      null,
    );
    let result: IWebhookResponseData;
    try {
      result = await nodeType.webhook!.call(context);
    } catch (error) {
      res.statusCode = 500;
      res.end((error as Error).message);
      this.answers.push({ status: 500, started: false });
      return;
    }
    this.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
    if (result.workflowData) {
      this.started.push(result.workflowData);
      if (this.setup.executes) await this.execute(node.name, result.workflowData[0]);
    }
    this.answers.push({
      status: result.noWebhookResponse ? res.statusCode : 200,
      started: Boolean(result.workflowData),
    });
    if (result.noWebhookResponse) {
      if (!res.writableEnded) res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(result.webhookResponse ?? { message: 'Workflow was started' }));
  }
}

/** The slice of Express's response API that nodes use to answer a webhook themselves. */
function expressLike(res: ServerResponse) {
  const response = Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return response;
    },
    json(value: unknown) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(value));
      return response;
    },
    send(value?: unknown) {
      res.end(typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value ?? ''));
      return response;
    },
  });
  return response;
}

/**
 * A workflow with a polling trigger, as an active n8n holds it: each `poll()` runs the node's poll
 * through n8n-core's PollContext, and the node's static data is kept only when the poll succeeds (n8n
 * saves it with the items it emits, or commits it when there are none).
 */
export class PollHost {
  staticData: IDataObject = {};

  /** Executions started, in order: each one's items. */
  readonly started: INodeExecutionData[][] = [];

  private readonly credentialsHelper: TestCredentialsHelper;

  constructor(
    private readonly pkg: LoadedPackage,
    private readonly setup: TriggerSetup,
  ) {
    this.credentialsHelper = new TestCredentialsHelper(pkg, setup.credentials);
  }

  /** What the node keeps in `getWorkflowStaticData('node')`. */
  get nodeData(): IDataObject {
    return (this.staticData['node:Invoicing API Polling Trigger'] as IDataObject | undefined) ?? {};
  }

  async poll(mode: 'trigger' | 'manual' = 'trigger'): Promise<INodeExecutionData[] | null> {
    const node: INode = {
      id: 'poll-under-test',
      name: 'Invoicing API Polling Trigger',
      type: this.pkg.typeName(this.setup.node),
      typeVersion: this.setup.typeVersion ?? 1,
      position: [0, 0],
      parameters: this.setup.parameters as INode['parameters'],
      credentials: Object.fromEntries(
        Object.keys(this.setup.credentials).map((type) => [type, { id: '1', name: 'Test' }]),
      ),
    };
    const workflow = new Workflow({
      id: 'wf-poll',
      name: 'Polling workflow',
      nodes: [node],
      connections: {},
      nodeTypes: this.pkg.nodeTypes,
      active: true,
      staticData: JSON.parse(JSON.stringify(this.staticData)) as IDataObject,
      settings: { executionOrder: 'v1' },
    });
    const additionalData = additionalDataFor(this.credentialsHelper, undefined, `exec-${++executionCounter}`);
    const context = new PollContext(workflow, node, additionalData, mode, 'activate');
    const nodeType = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
    const result = await nodeType.poll!.call(context);
    if (mode === 'trigger') this.staticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
    const items = result?.[0] ?? null;
    if (items && mode === 'trigger') this.started.push(items);
    return items;
  }
}
