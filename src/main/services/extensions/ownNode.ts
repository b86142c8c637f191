import { open } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { OwnNode } from './serverRuntime'

/**
 * The app's own Node, for a `node` extension on a computer without one (serverRuntime.ts). In
 * plain Node (the CLI, browser mode) that is process.execPath itself. Electron's binary runs a
 * script as Node only with ELECTRON_RUN_AS_NODE=1 and only while its RunAsNode fuse is on: the
 * packaged app turns that fuse off (scripts/electronFuses.mjs), and there the variable is ignored
 * and the binary would start a second MCP Studio instead. So the fuse is read from the binary
 * first, and a build without it has no own Node to offer.
 */

const SENTINEL = Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX')
const RUN_AS_NODE = 0 // the fuse's index in the wire (FuseV1Options.RunAsNode)
const ENABLED = 0x31 // '1'

/** Whether the Electron binary (or framework) at `file` has its RunAsNode fuse on. */
export async function runAsNodeFuseOn(file: string): Promise<boolean> {
  const handle = await open(file, 'r')
  try {
    const chunk = Buffer.alloc(1 << 20)
    let carry = Buffer.alloc(0)
    for (let position = 0; ; ) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position)
      if (!bytesRead) return false
      const window = Buffer.concat([carry, chunk.subarray(0, bytesRead)])
      const at = window.indexOf(SENTINEL)
      if (at >= 0) {
        // after the sentinel: the wire's version, its length, then one byte per fuse
        const wire = Buffer.alloc(2 + RUN_AS_NODE + 1)
        await handle.read(wire, 0, wire.length, position - carry.length + at + SENTINEL.length)
        return wire[1] > RUN_AS_NODE && wire[2 + RUN_AS_NODE] === ENABLED
      }
      carry = Buffer.from(window.subarray(Math.max(0, window.length - SENTINEL.length)))
      position += bytesRead
    }
  } finally {
    await handle.close()
  }
}

/** Where Electron keeps its fuses: the binary, or on macOS the framework beside it. */
function fuseFile(execPath: string, platform: NodeJS.Platform): string {
  return platform === 'darwin' ? join(dirname(execPath), '..', 'Frameworks', 'Electron Framework.framework', 'Electron Framework') : execPath
}

export async function findOwnNode(proc: Pick<NodeJS.Process, 'execPath' | 'versions' | 'platform'> = process): Promise<OwnNode | undefined> {
  const version = proc.versions.node
  if (!proc.versions.electron) return { execPath: proc.execPath, version, env: {} }
  const on = await runAsNodeFuseOn(fuseFile(proc.execPath, proc.platform)).catch(() => false)
  return on ? { execPath: proc.execPath, version, env: { ELECTRON_RUN_AS_NODE: '1' } } : undefined
}

let cached: Promise<OwnNode | undefined> | undefined
/** This process's own Node, looked up once. */
export function ownNode(): Promise<OwnNode | undefined> {
  cached ??= findOwnNode()
  return cached
}
