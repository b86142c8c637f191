// A real stdio MCP server for the runner tests: one tool whose schema has every kind of field the
// form must draw, and tools that answer with each content type, annotations, GFM and JSON text,
// and links to a resource it serves. NO_TOOLS=1 serves no tools at all (a server with only a
// prompt), for the empty state.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'

// a 1×1 red PNG and a few bytes of WAV header: small, real media
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA='

const server = new McpServer({ name: 'showcase', version: '1.0.0' })
server.registerPrompt('hello', { description: 'so the server has something' }, async () => ({
  messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }]
}))

if (process.env.NO_TOOLS !== '1') {
  server.registerTool(
    'shapes',
    {
      title: 'Every kind of field',
      description: 'Echoes its arguments back as structured content',
      inputSchema: {
        title: z.string().describe('A required title'),
        count: z.number().int().default(3),
        shout: z.boolean().default(false),
        colour: z.enum(['red', 'green', 'blue']),
        tags: z.array(z.string()).optional(),
        owner: z.object({ name: z.string(), email: z.string().optional() })
      },
      outputSchema: { received: z.record(z.string(), z.unknown()) }
    },
    async (args) => ({
      content: [{ type: 'text', text: JSON.stringify(args) }],
      structuredContent: { received: args }
    })
  )
  // like the memory server's create_entities: a required list of objects, no minItems
  server.registerTool(
    'entities',
    {
      description: 'Echoes the entities it was given',
      inputSchema: { entities: z.array(z.object({ name: z.string(), observations: z.array(z.string()) })) }
    },
    async ({ entities }) => ({ content: [{ type: 'text', text: `got ${entities.length}: ${entities.map((e) => e.name).join(', ')}` }] })
  )
  server.registerTool('markdown', { description: 'Markdown text with raw HTML in it' }, async () => ({
    content: [{ type: 'text', text: '# Heading\n\nSome **bold** text and a [link](https://example.com/docs).\n\n<script>alert(1)</script><b>raw</b>' }]
  }))
  server.registerTool('image', { description: 'An image' }, async () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }]
  }))
  server.registerTool('audio', { description: 'A sound' }, async () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }]
  }))
  server.registerTool('resources', { description: 'Embedded resources and links' }, async () => ({
    content: [
      { type: 'resource', resource: { uri: 'file:///notes/readme.txt', mimeType: 'text/plain', text: 'embedded text' } },
      { type: 'resource', resource: { uri: 'file:///data/blob.bin', mimeType: 'application/octet-stream', blob: 'AAECAwQ=' } },
      { type: 'resource_link', uri: 'https://example.com/spec', name: 'The spec' },
      { type: 'resource_link', uri: 'file:///etc/passwd', name: 'local file' }
    ]
  }))
  server.registerTool('report', { description: 'A JSON text and a GFM table' }, async () => ({
    content: [
      { type: 'text', text: JSON.stringify({ city: 'Oslo', days: [{ day: 'Mon', high: 4 }, { day: 'Tue', high: 6 }] }, null, 2) },
      {
        type: 'text',
        text: '| Day | High |\n| --- | ---: |\n| Mon | 4 |\n| Tue | 6 |\n\n- [x] fetched\n- [ ] ~~cached~~'
      }
    ]
  }))
  server.registerResource('today', 'showcase://notes/today', { mimeType: 'text/markdown', description: "Today's notes" }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Today\n\nThe notes of the day.' }]
  }))
  server.registerTool('annotated', { description: 'Annotated content and resource links' }, async () => ({
    content: [
      {
        type: 'text',
        text: 'Read this first.',
        annotations: { audience: ['user'], priority: 0.9, lastModified: '2025-01-12T15:00:58Z' }
      },
      {
        type: 'resource_link',
        uri: 'showcase://notes/today',
        name: 'today',
        mimeType: 'text/markdown',
        annotations: { audience: ['assistant', 'user'], priority: 0.2 }
      },
      { type: 'resource_link', uri: 'showcase://notes/missing', name: 'missing' }
    ]
  }))
  server.registerTool('fails', { description: 'Reports an error' }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'the disk is full' }]
  }))
}

await server.connect(new StdioServerTransport())
process.stdin.on('end', () => process.exit(0))
