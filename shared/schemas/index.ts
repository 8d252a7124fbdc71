export * from './primitives';
export * from './inputs';
export * from './resources';
export * from './events';
