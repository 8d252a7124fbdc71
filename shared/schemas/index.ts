export * from './primitives';
export * from './resources';
export * from './events';
