/**
 * What the package's nodes and credential have in common, built once into dist/shared.js by
 * n8n/build.mjs: the parts of the shared core they use (core.ts) and the n8n glue they all need.
 * Every other file requires it instead of carrying its own copy.
 */
export * from './core';
export * from './errors';
export * from './properties';
export * from './text';
export * from './transport';
