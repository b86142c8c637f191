import type { Page } from 'playwright-core'
import type { BrowserApp } from './browserApp'

const LOG_ENTRIES = 25
const TEXT_CHARS = 800

/** Asks main over browser mode's HTTP channel, as a script with the session token would. */
async function invoke(app: BrowserApp, channel: string, args: unknown): Promise<unknown> {
  const { origin, hash } = new URL(app.url)
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? ''
  const response = await fetch(`${origin}/api/invoke`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ channel, args })
  })
  const body = (await response.json()) as { ok: boolean; result?: unknown; error?: { message: string } }
  return body.ok ? body.result : `(${channel} failed: ${body.error?.message})`
}

const clip = (text: string) => (text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}…` : text)

/**
 * What a failed E2E test leaves in the CI log, where no screenshot can be looked at: the page's
 * address, the text of the open dialogs, each server's last log entries, and the app's own output.
 */
export async function failureReport(page: Page, app: BrowserApp): Promise<string> {
  const lines: string[] = [`page: ${page.url().replace(/#token=\S+/g, '#token=…')}`]
  const dialogs = await page
    .locator('.ant-modal-wrap:visible')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).innerText))
    .catch((error: Error) => [`(could not read the dialogs: ${error.message})`])
  for (const text of dialogs) lines.push(`open dialog: ${clip(text.replace(/\s+/g, ' '))}`)
  if (dialogs.length === 0) {
    const main = await page.locator('main, body').first().innerText().catch(() => '')
    lines.push(`screen: ${clip(main.replace(/\s+/g, ' '))}`)
  }
  const list = (await invoke(app, 'servers:list', undefined).catch(() => undefined)) as { servers?: Array<{ id: string; name: string }> } | undefined
  for (const server of list?.servers ?? []) {
    const entries = await invoke(app, 'mcp:get-server-logs', { serverId: server.id }).catch((error: Error) => error.message)
    lines.push(`log of ${server.name}:`)
    if (!Array.isArray(entries)) lines.push(`  ${String(entries)}`)
    else {
      for (const entry of entries.slice(-LOG_ENTRIES) as Array<{ timestamp: number; level: string; message: string }>) {
        lines.push(`  ${new Date(entry.timestamp).toISOString().slice(11, 23)} ${entry.level} ${clip(entry.message)}`)
      }
    }
  }
  lines.push(`app output (last part):\n${app.output().slice(-2000).replace(/#token=\S+/g, '#token=…')}`)
  return lines.join('\n')
}
