/**
 * A real n8n server for the live suite, driven the way a user drives one: the package put in as n8n's
 * "Install community node" puts it, the owner set up over the REST API, workflows and credentials made
 * and activated over REST, manual runs through n8n's CLI. Why each setting: ../shared/platform-notes.md.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

import { freePort, progress, start, type Started } from './processes';

export interface N8nInstall {
  /** The n8n version installed (install-n8n.mjs), shown in every table's title. */
  version: string;
  nodeBin: string;
  nodeDir: string;
  n8nDir: string;
  n8nBin: string;
}

/**
 * Whether this n8n offers lazy acquire of its expression isolate (`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE`), read
 * from its own configuration: 2.41.1 does; 1.123.81 does not, and takes an isolate before every delivery's
 * webhook phase, its own Webhook node's too.
 */
export const offersLazyAcquire = (install: N8nInstall): boolean =>
  readFileSync(
    path.join(install.n8nDir, 'node_modules', '@n8n', 'config', 'dist', 'configs', 'expression-engine.config.js'),
    'utf8',
  ).includes('N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE');

export interface Reply {
  status: number;
  body: any;
}

const run = promisify(execFile);

/** What each n8n process of a deployment runs, and the line it prints once it serves. */
const ROLES = {
  start: /Editor is now accessible/,
  webhook: /Webhook listener waiting for requests/,
  worker: /n8n worker is now ready/,
} as const;
export type Role = keyof typeof ROLES;

export const OWNER = { email: 'owner@live.test', firstName: 'Live', lastName: 'Suite', password: 'Live-suite-1' };
// The REST API binds a session to the browser that logged in; the suite is one browser throughout.
const BROWSER_ID = 'invoicing-live-suite';

/** Puts an `npm pack` tarball where n8n's installer would: unpacked, peer/dev/optional dependencies dropped, listed. */
export function installPackage(userFolder: string, tarball: string): string {
  const nodes = path.join(userFolder, '.n8n', 'nodes');
  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
  const target = path.join(nodes, 'node_modules', manifest.name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  for (const key of ['peerDependencies', 'devDependencies', 'optionalDependencies']) delete manifest[key];
  writeFileSync(path.join(target, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    path.join(nodes, 'package.json'),
    JSON.stringify(
      { name: 'installed-nodes', private: true, dependencies: { [manifest.name]: manifest.version } },
      null,
      2,
    ),
  );
  return manifest.name;
}

/**
 * The manual install the READMEs give: `npm install <package> --omit=peer` in `~/.n8n/nodes`, with the
 * npm on the PATH (whatever Node it runs on); leaving out the peer n8n-workflow is what makes it work.
 */
export async function installPackageWithNpm(userFolder: string, tarball: string): Promise<void> {
  const nodes = path.join(userFolder, '.n8n', 'nodes');
  mkdirSync(nodes, { recursive: true });
  await run('npm', ['install', tarball, '--omit=peer', '--no-audit', '--no-fund'], { cwd: nodes, timeout: 180_000 });
}

export class N8nServer {
  readonly url: string;
  private process?: Started;
  private cookie = '';

  private constructor(
    readonly install: N8nInstall,
    readonly userFolder: string,
    readonly port: number,
    private readonly brokerPort: number,
    private readonly extraEnv: NodeJS.ProcessEnv,
    readonly role: Role,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /**
   * An n8n process, not started yet: by default a whole server (`n8n start`) in a user folder of its own
   * (its own SQLite database, so its own instance id); in queue mode also `n8n webhook` or `n8n worker`.
   */
  static async create(
    install: N8nInstall,
    userFolder: string,
    extraEnv: NodeJS.ProcessEnv = {},
    role: Role = 'start',
  ): Promise<N8nServer> {
    mkdirSync(userFolder, { recursive: true });
    return new N8nServer(install, userFolder, await freePort(), await freePort(), extraEnv, role);
  }

  env(): NodeJS.ProcessEnv {
    return {
      PATH: `${path.join(this.install.nodeDir, 'bin')}:${process.env.PATH}`,
      HOME: process.env.HOME,
      N8N_USER_FOLDER: this.userFolder,
      N8N_PORT: String(this.port),
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      // Every n8n process starts a task-runner broker (default port 5679); a second one on the same port
      // (the CLI beside a running server, or a second server) exits without a word.
      N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
      WEBHOOK_URL: `${this.url}/`,
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      N8N_RUNNERS_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      N8N_SECURE_COOKIE: 'false',
      N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
      N8N_LOG_LEVEL: 'debug',
      N8N_LOG_OUTPUT: 'console',
      DB_SQLITE_POOL_SIZE: '2',
      // isolated-vm (n8n's expression sandbox) says Node 20 and later must run with --no-node-snapshot.
      NODE_OPTIONS: '--no-node-snapshot',
      ...this.extraEnv,
    };
  }

  async start(): Promise<void> {
    const began = Date.now();
    const label = `n8n ${this.role} (${path.basename(this.userFolder)})`;
    this.process = start(label, this.install.nodeBin, [this.install.n8nBin, this.role], {
      env: this.env(),
      log: this.logFile,
    });
    await this.process.waitFor(ROLES[this.role], 180, 'it came up');
    progress(`${label} started on port ${this.port}`, began);
  }

  /** The n8n process's id (its Node process, for reading its memory), once started. */
  pid(): number | undefined {
    return this.process?.child.pid;
  }

  output(): string {
    return this.process?.output() ?? '';
  }

  /** Everything the server printed in its folder, restarts included (`output()` keeps only the last megabyte). */
  log(): string {
    return readFileSync(this.logFile, 'utf8');
  }

  private get logFile(): string {
    return path.join(this.userFolder, `n8n-${this.role}.log`);
  }

  async stop(): Promise<void> {
    await this.process?.stop();
    this.process = undefined;
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
    await this.login();
  }

  async request(method: string, route: string, body?: unknown): Promise<Reply> {
    const send = () =>
      fetch(`${this.url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID, cookie: this.cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
    // A kept-alive connection n8n closed while this process was busy is found dead only when reused; the
    // request never reached n8n, so it is sent once more on a new connection.
    const response = await send().catch((error: Error & { cause?: { code?: string } }) => {
      if (!/UND_ERR_SOCKET|ECONNRESET/.test(String(error.cause?.code))) throw error;
      return send();
    });
    const setCookie = response.headers.get('set-cookie');
    const auth = setCookie && /n8n-auth=[^;]+/.exec(setCookie);
    if (auth) this.cookie = auth[0];
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  }

  /** The REST API's `data`, or an error that says which call failed and how. */
  async rest(method: string, route: string, body?: unknown): Promise<any> {
    const reply = await this.request(method, route, body);
    if (reply.status >= 300)
      throw new Error(`n8n ${method} ${route}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 500)}`);
    return (reply.body as { data?: unknown }).data;
  }

  async setUpOwner(): Promise<void> {
    await this.rest('POST', '/rest/owner/setup', OWNER);
  }

  async login(): Promise<void> {
    await this.rest('POST', '/rest/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
  }

  async createCredential(
    name: string,
    type: string,
    data: Record<string, string>,
  ): Promise<{ id: string; name: string }> {
    const created = await this.rest('POST', '/rest/credentials', { name, type, data });
    return { id: created.id, name: created.name };
  }

  /** The editor's "Test" button on a saved credential, with the fields as the user has just typed them. */
  async testCredential(
    saved: { id: string; name: string },
    type: string,
    data: Record<string, string>,
  ): Promise<{ status: string; message: string }> {
    return await this.rest('POST', '/rest/credentials/test', { credentials: { ...saved, type, data } });
  }

  async createWorkflow(workflow: {
    name: string;
    nodes: unknown[];
    connections?: unknown;
  }): Promise<{ id: string; versionId: string }> {
    const created = await this.rest('POST', '/rest/workflows', {
      connections: {},
      settings: { executionOrder: 'v1' },
      active: false,
      ...workflow,
    });
    return { id: created.id, versionId: created.versionId };
  }

  async activate(workflowId: string): Promise<void> {
    const { versionId } = await this.rest('GET', `/rest/workflows/${workflowId}`);
    await this.rest('POST', `/rest/workflows/${workflowId}/activate`, { versionId });
  }

  async deactivate(workflowId: string): Promise<void> {
    await this.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {});
  }

  /**
   * The editor's "Fetch Test Event" / "Listen for test event" on a trigger (n8n's manual run from it): an
   * execution id, or `waitingForWebhook` while n8n listens on its test URL.
   */
  async runFromTrigger(
    workflowId: string,
    triggerName: string,
  ): Promise<{ executionId?: string; waitingForWebhook?: boolean }> {
    const triggerToStartFrom = { name: triggerName };
    // n8n 1.x runs the workflow its editor sends along; 2.x reads the saved one and takes only the trigger.
    const body =
      this.major >= 2
        ? { triggerToStartFrom }
        : { workflowData: await this.rest('GET', `/rest/workflows/${workflowId}`), triggerToStartFrom };
    return await this.rest('POST', `/rest/workflows/${workflowId}/run`, body);
  }

  /** n8n's major version: the REST API differs between the 1.x and 2.x lines in places. */
  get major(): number {
    return Number(this.install.version.split('.')[0]);
  }

  async staticData(workflowId: string): Promise<unknown> {
    return (await this.rest('GET', `/rest/workflows/${workflowId}`)).staticData;
  }

  /**
   * Executions of one workflow, newest first, read as the server pages them (detected from its answer):
   * n8n 2.41 answers 100 a page at most with a `nextCursor` and refuses `lastId` ("Use cursor to load
   * execution pages"); 2.40 and 1.x page by the last id seen.
   */
  async executions<T extends { id: string } = { id: string; status: string; mode: string }>(
    workflowId: string,
  ): Promise<T[]> {
    const filter = encodeURIComponent(JSON.stringify({ workflowId }));
    const all = new Map<string, T>();
    for (let position = ''; ; ) {
      const page = await this.rest('GET', `/rest/executions?filter=${filter}&limit=100${position}`);
      const results = page.results as T[];
      for (const execution of results) all.set(execution.id, execution);
      if ('nextCursor' in page) {
        if (!page.nextCursor) break;
        position = `&cursor=${encodeURIComponent(String(page.nextCursor))}`;
      } else {
        if (results.length < 100) break;
        position = `&lastId=${results[results.length - 1].id}`;
      }
    }
    return [...all.values()].sort((a, b) => Number(b.id) - Number(a.id));
  }

  /** One execution's data (`resultData.runData` and its `error`), unflattened with n8n's own `flatted`. */
  async executionData(executionId: string): Promise<any> {
    const execution = await this.rest('GET', `/rest/executions/${executionId}`);
    const flatted = createRequire(path.join(this.install.n8nDir, 'node_modules', 'n8n', 'package.json'))('flatted');
    return typeof execution.data === 'string' ? flatted.parse(execution.data) : execution.data;
  }

  /** The items one node output in an execution (json and binary), or an error naming what the run lacked. */
  async executionItems(
    executionId: string,
    nodeName: string,
  ): Promise<Array<{ json: Record<string, unknown>; binary?: Record<string, any> }>> {
    const data = await this.executionData(executionId);
    const run = data.resultData.runData[nodeName]?.[0];
    if (!run) {
      const error = JSON.stringify(data.resultData.error ?? {}).slice(0, 300);
      throw new Error(`execution ${executionId} has no run of "${nodeName}": ${error}`);
    }
    return run.data?.main?.[0] ?? [];
  }

  async executionOutput(executionId: string, nodeName: string): Promise<Record<string, unknown>[]> {
    return (await this.executionItems(executionId, nodeName)).map((item) => item.json);
  }

  /**
   * The bytes of a binary property, as the editor's binary tab downloads them: kept in the execution
   * (base64, n8n's in-memory mode) or, when n8n stored them apart (an `id`), from `GET /rest/binary-data`.
   */
  async binaryBytes(binary: { id?: string; data?: string; fileName?: string; mimeType?: string }): Promise<Buffer> {
    if (!binary.id) return Buffer.from(String(binary.data), 'base64');
    const query = new URLSearchParams({
      id: binary.id,
      action: 'download',
      ...(binary.fileName ? { fileName: binary.fileName } : {}),
      ...(binary.mimeType ? { mimeType: binary.mimeType } : {}),
    });
    const response = await fetch(`${this.url}/rest/binary-data?${query}`, {
      headers: { 'browser-id': BROWSER_ID, cookie: this.cookie },
      signal: AbortSignal.timeout(60_000),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok)
      throw new Error(`n8n GET /rest/binary-data: HTTP ${response.status} ${bytes.toString().slice(0, 300)}`);
    return bytes;
  }

  /**
   * An n8n CLI command (`execute --id`, as a user runs a workflow from the shell); returns its output.
   * Asynchronous: the sandbox the workflow calls runs in this process and must keep answering.
   */
  async cli(args: string[], crashes = 0): Promise<string> {
    // For `execute --id`, the workflow's executions before the run: a crash is then judged by what n8n recorded.
    const workflowId = args[0] === 'execute' ? args.find((arg) => arg.startsWith('--id='))?.slice(5) : undefined;
    const before = workflowId ? await this.executionIds(workflowId) : undefined;
    try {
      const { stdout } = await run(this.install.nodeBin, [this.install.n8nBin, ...args], {
        env: { ...this.env(), N8N_LOG_LEVEL: 'warn', N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
        encoding: 'utf8',
        timeout: 180_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      // n8n 1.x logs some reasons to stop at info level only ("The workflow with the id … does not exist", a
      // signal's "Shutting down"), which N8N_LOG_LEVEL=warn hides: the exit code and signal say which it was.
      const failed = error as { stdout?: string; stderr?: string; code?: number; signal?: string; message: string };
      const ended = `exit code ${failed.code ?? 'none'}, signal ${failed.signal ?? 'none'}`;
      // n8n's CLI now and then dies inside V8 (SIGSEGV, SIGTRAP; on both lines, more often on a loaded machine),
      // sometimes after the workflow ran, as it shuts down. What n8n recorded decides: one new execution that
      // succeeded is the run (its crash on the way out is n8n's, not the workflow's); none at all means nothing
      // ran, so it is run again, as a user would, up to twice; anything else is a failure.
      if (['SIGSEGV', 'SIGTRAP', 'SIGABRT'].includes(failed.signal ?? '')) {
        const ran = before && workflowId ? await this.executionsSince(workflowId, before) : undefined;
        if (ran?.length === 1 && ran[0].status === 'success') {
          process.stdout.write(
            `[live] n8n ${args.join(' ')} crashed (${ended}) after execution ${ran[0].id} succeeded\n`,
          );
          return failed.stdout ?? '';
        }
        const nothingRan = ran ? ran.length === 0 : !failed.stdout?.trim();
        if (nothingRan && crashes < 2) {
          process.stdout.write(`[live] n8n ${args.join(' ')} crashed (${ended}) before running; running it again\n`);
          return this.cli(args, crashes + 1);
        }
      }
      const output = `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.trim().slice(-3000);
      throw new Error(`n8n ${args.join(' ')} failed (${ended}): ${failed.message.split('\n')[0]}\n${output}`);
    }
  }

  /** The ids of a workflow's executions, or undefined when the server cannot say (not started). */
  private async executionIds(workflowId: string): Promise<Set<string> | undefined> {
    return this.executions(workflowId).then(
      (all) => new Set(all.map((execution) => execution.id)),
      () => undefined,
    );
  }

  /** Executions of the workflow that are not in `before`, once none is still running (at most 30 s). */
  private async executionsSince(workflowId: string, before: Set<string>) {
    for (let waited = 0; ; waited += 500) {
      const added = (await this.executions(workflowId)).filter((execution) => !before.has(execution.id));
      if (waited >= 30_000 || added.every((execution) => !['running', 'new'].includes(execution.status))) return added;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /** The instance id n8n keeps in its user folder's config. */
  instanceConfig(): Record<string, unknown> {
    return JSON.parse(readFileSync(path.join(this.userFolder, '.n8n', 'config'), 'utf8'));
  }
}

export const newWebhookId = () => randomUUID();
