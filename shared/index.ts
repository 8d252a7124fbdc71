/** The shared core: everything both connectors and the sandbox need, with no platform imports. */
export * from './identity';
export * from './money';
export * from './amounts';
export * from './pickers';
export * from './fields';
export * from './schemas';
export * from './validation';
export * from './errors';
export * from './present';
export * from './operations';
export * from './samples';
export * from './webhooks/signature';
export * from './webhooks/receive';
export * from './throttle';
export * from './forms';
export * from './webhooks/catchUp';
export * from './connectionTest';
