import type { N8nInstall } from './n8n-server';

export const N8N_VERSION: string;
export function cacheRoot(): string;
export function n8nPaths(root?: string): N8nInstall & { root: string; marker: string };
export function installN8n(options?: { log?: boolean }): N8nInstall & { root: string; marker: string };
