/**
 * "MCP error -32600: MCP error -32600: x" → "MCP error -32600: x". The SDK prefixes a message
 * each time an error crosses a hop (server → host, or a server relaying its client's refusal).
 */
export function collapseMcpErrorPrefix(text: string): string {
  return text.replace(/(MCP error (-?\d+): )(?:MCP error \2: )+/g, '$1')
}
