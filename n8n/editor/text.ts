/**
 * shared/ writes help in the small Markdown subset both editors can show; n8n renders HTML in
 * descriptions, so links and code spans are translated here, once.
 */
export function toHtml(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2" target="_blank">$1</a>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}
