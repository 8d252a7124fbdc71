/** The pieces of zapier-platform-core's Lambda handler that the reliability suites drive directly. */
declare module 'zapier-platform-core/src/create-app' {
  function createApp(appRaw: object): (input: object) => Promise<{ results: unknown }>;
  export = createApp;
}
declare module 'zapier-platform-core/src/tools/create-input' {
  function createInput(compiledApp: object, event: object, logger: unknown, logBuffer: unknown[], rpc: unknown): object;
  export = createInput;
}
declare module 'zapier-platform-core/src/tools/create-logger' {
  type Logger = ((message: string, data?: object) => Promise<void>) & { end(): Promise<unknown> };
  function createLogger(event: object, options: { logBuffer: unknown[] }): Logger;
  export = createLogger;
}
declare module 'zapier-platform-core/src/tools/create-rpc-client' {
  function createRpcClient(event: object): unknown;
  export = createRpcClient;
}
declare module 'zapier-platform-core/src/tools/schema' {
  export function prepareApp(appRaw: object): object;
}
declare module 'zapier-platform-core/src/tools/resolve-method-path' {
  function resolveMethodPath(app: object, needle: unknown, explodeIfMissing?: boolean): string;
  export = resolveMethodPath;
}
