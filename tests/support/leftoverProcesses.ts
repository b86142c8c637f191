import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, expect } from 'vitest'

/** pid → [parent pid, state, command] of every process on the machine (Linux /proc). */
function processTable(): Map<number, { ppid: number; state: string; name: string }> {
  const table = new Map<number, { ppid: number; state: string; name: string }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // the name sits in parentheses and may itself hold spaces or parentheses
      const close = stat.lastIndexOf(')')
      const [state, ppid] = stat.slice(close + 2).split(' ')
      const name = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim() || stat.slice(stat.indexOf('(') + 1, close)
      table.set(Number(entry), { ppid: Number(ppid), state, name })
    } catch {
      // gone while we looked
    }
  }
  return table
}

/** Every live (not zombie) descendant of this test file's process. */
export function liveDescendants(root = process.pid): string[] {
  const table = processTable()
  const found: string[] = []
  const parents = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, info] of table) {
      if (parents.has(info.ppid) && !parents.has(pid)) {
        parents.add(pid)
        grew = true
        if (info.state !== 'Z') found.push(`${pid} ${info.name.slice(0, 160)}`)
      }
    }
  }
  return found
}

// No test file may leave a process behind: after its own cleanup, every server, CLI or browser it
// started must be gone (waited for, since a polite stop takes a moment).
afterAll(async () => {
  const deadline = Date.now() + 15_000
  let left = liveDescendants()
  while (left.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    left = liveDescendants()
  }
  expect(left, 'processes this test file left running').toEqual([])
}, 20_000)
