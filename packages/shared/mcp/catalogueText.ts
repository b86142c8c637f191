/**
 * The English title and description of every catalogue entry. The CLI prints them as they are;
 * the renderer's en-US locale takes them from here (catalogueEntries.<key>) and zh-CN translates
 * them, so the English is written once.
 */
export const CATALOGUE_TEXT_EN = {
  memory: {
    title: 'Memory',
    description:
      'A knowledge graph of people, projects and facts that a chat can read and add to. Kept on this computer; needs no setup.'
  },
  filesystem: {
    title: 'Filesystem',
    description: 'Reads, writes, searches and edits files, only inside the folder you choose.'
  },
  sequentialThinking: {
    title: 'Sequential thinking',
    description: 'Lets a model think a problem through step by step: it records each thought, revises it or branches off. Needs no setup.'
  },
  fetch: {
    title: 'Fetch',
    description: 'Fetches a web page and gives it back as Markdown (or the raw text), in chunks a model can read.'
  },
  nowledgeMem: {
    title: 'Nowledge Mem',
    description: 'Your local Nowledge Mem memory service over Streamable HTTP at 127.0.0.1:14242. The Nowledge Mem app must be running.'
  },
  flomo: {
    title: 'flomo',
    description: "Writes and searches your flomo notes through flomo's hosted MCP server. You sign in with your flomo account."
  },
  mcpAutoInstall: {
    title: 'MCP Auto Install',
    description: 'Finds and installs other MCP servers for you. Runs with npx, so it needs Node.js.'
  }
} as const satisfies Record<string, { title: string; description: string }>

export type CatalogueKey = keyof typeof CATALOGUE_TEXT_EN
