import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import yazl from 'yazl'

// jsdom gives import.meta.url an http scheme, so the main tests' archive helpers cannot load here:
// the same tiny stdio server, found from the repo root vitest runs in
const HELLO_SERVER = readFileSync(join(process.cwd(), 'tests/fixtures/extensions/hello/server/index.mjs'))

/** A valid manifest (0.3) for the hello server, with a required and a sensitive setting; `overrides` replace top-level keys. */
export function helloManifest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'hello-extension',
    display_name: 'Hello Extension',
    version: '1.0.0',
    description: 'Says hello',
    author: { name: 'Test Author' },
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'], env: { GREETING: '${user_config.greeting}', API_KEY: '${user_config.api_key}' } }
    },
    tools: [{ name: 'hello', description: 'Greets someone' }],
    prompts: [{ name: 'welcome', description: 'A welcome', text: 'Welcome!' }],
    user_config: {
      greeting: { type: 'string', title: 'Greeting', description: 'How to greet', required: true },
      api_key: { type: 'string', title: 'API key', description: 'A secret', sensitive: true }
    },
    ...overrides
  }
}

/** The .mcpb a packer would write: the manifest and the server. */
export function helloArchive(manifest: Record<string, unknown> = helloManifest()): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json')
  zip.addBuffer(HELLO_SERVER, 'server/index.mjs')
  zip.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject)
  })
}
