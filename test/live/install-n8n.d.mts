import type { N8nInstall } from './n8n-server';

export const SUPPORTED_N8N: { oldest: string; newest: string };
export const N8N_VERSION: string;
export function recipe(version: string): { nodeMajor: string; overrides: Record<string, string> };
export function cacheRoot(version?: string): string;
export function n8nPaths(root?: string, version?: string): N8nInstall & { root: string; marker: string };
export function installN8n(options?: {
  log?: boolean;
  version?: string;
}): Promise<N8nInstall & { root: string; marker: string }>;
