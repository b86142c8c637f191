/**
 * Shared by the benches. `tsx tests/bench/X.ts` reads the root (solution-style) tsconfig, which
 * has no path aliases: `loadMain()` registers tsx with tsconfig.node.json first, then imports.
 */
import { fileURLToPath } from 'node:url'
import { McpServer as SdkMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { register } from 'tsx/esm/api'
import { z } from 'zod'

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.node.json', import.meta.url)) })

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const EVERYTHING = `${ROOT}node_modules/@modelcontextprotocol/server-everything/dist/index.js`
export const fixture = (name: string) => `${ROOT}tests/fixtures/servers/${name}`

export async function loadMain() {
  const [{ MCPService }, { createNodePlatform }] = await Promise.all([
    import('../../src/main/services/mcp/MCPService'),
    import('../../src/main/platform/nodePlatform')
  ])
  return { MCPService, createNodePlatform }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

export function report(bench: string, figure: string, value: number, extra: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ bench, figure, value: Math.round(value * 1000) / 1000, ...extra })}\n`)
}

export async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await work()
  return performance.now() - start
}

/** The p-th percentile (0–100), nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

export interface Goal {
  label: string
  value: number
  /** how the value reads, e.g. `1.04×` */
  shown: string
  goal: string
  met: boolean
}

/** The block a bench ends with: one line per goal, and whether it was met. */
export function summary(title: string, goals: Goal[], notes: string[] = []): void {
  const lines = [`── ${title} ──`]
  for (const g of goals) lines.push(`  ${g.met ? 'MET   ' : 'MISSED'}  ${g.label}: ${g.shown} (goal ${g.goal})`)
  for (const note of notes) lines.push(`  ${note}`)
  process.stdout.write(`${lines.join('\n')}\n`)
}

export const ms = (value: number) => `${value.toFixed(3)} ms`

/** The same echo tool as the fixture servers (tests/fixtures/servers/lib.mjs), in-process. */
export function echoServer(): SdkMcpServer {
  const server = new SdkMcpServer({ name: 'bench-echo', version: '1.0.0' })
  server.registerTool('echo', { description: 'Echoes back the message', inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `Echo: ${message}` }]
  }))
  return server
}
