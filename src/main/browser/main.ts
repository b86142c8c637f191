import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import open from 'open'
import { installCrashGuard } from '../services/processes/crashGuard'
import { startBrowserMode, type BrowserMode } from './startBrowserMode'

/** `node out/main/browser.js [--port N] [--no-open]`: MCP Studio in a browser tab on 127.0.0.1. */
async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false }
    },
    allowPositionals: false
  })
  if (values.help) {
    console.log('Usage: npm run start:browser -- [--port N] [--no-open]\n  MCP_STUDIO_PORT sets the port too; default: a free port.')
    return
  }
  const rawPort = values.port ?? process.env.MCP_STUDIO_PORT
  const port = rawPort === undefined ? 0 : Number(rawPort)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid port "${rawPort}": give a number from 0 to 65535 (0 picks a free one).`)
    process.exit(2)
  }
  const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url))
  let mode: BrowserMode | undefined
  // a bug that escapes every handler ends browser mode, never leaving its servers running
  installCrashGuard({ report: (message) => console.error(`MCP Studio stopped on an unexpected error: ${mode ? mode.host.mcp.secrets.redact(message) : message}`) })
  try {
    mode = await startBrowserMode({ rendererDir, port })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    console.error(code === 'EADDRINUSE' ? `Port ${port} is in use: pick another with --port.` : `Could not start: ${(error as Error).message}`)
    process.exit(1)
  }
  console.log(`MCP Studio running at ${mode.server.url}`)
  if (!values['no-open']) open(mode.server.url).catch(() => console.log('Open the address above in your browser.'))

  let closing = false
  const shutdown = async () => {
    if (closing) return
    closing = true
    await mode.close()
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

void main()
