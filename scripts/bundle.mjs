// The esbuild settings every part ships with live in n8n/scripts/bundle.mjs: the n8n package must build from
// its own folder (n8n-node's expectation, issue 44), so the one copy sits there and the other parts read it.
export { bundle } from '../n8n/scripts/bundle.mjs';
