export * from './primitives';
export * from './inputs';
export * from './simulate';
export * from './resources';
export * from './events';
export * from './payments';
