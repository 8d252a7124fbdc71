export * from './primitives';
export * from './resources';
export * from './events';
export * from './payments';
