import { readdirSync, readFileSync } from 'node:fs'

/** A process as /proc tells it: its id and when it started (so a reused id is never mistaken for it). */
export interface ProcessMark {
  pid: number
  startTime: string
}

/** `/proc/PID/stat` → parent and start time; the command name may hold spaces and parentheses, so read after the last ')'. */
function statOf(pid: number): { ppid: number; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields from the state on: state(0) ppid(1) … starttime(19)
    return { ppid: Number(fields[1]), startTime: fields[19] }
  } catch {
    return undefined
  }
}

/**
 * Every process below `root` right now, however far down and whichever session or group it moved
 * to (a `setsid` grandchild leaves the server's group, so a group signal misses it). Linux only:
 * elsewhere, and when /proc cannot be read, nothing.
 */
export function descendantsOf(root: number): ProcessMark[] {
  if (process.platform !== 'linux') return []
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  const children = new Map<number, ProcessMark[]>()
  for (const entry of entries) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    const stat = statOf(pid)
    if (!stat) continue
    const list = children.get(stat.ppid) ?? []
    list.push({ pid, startTime: stat.startTime })
    children.set(stat.ppid, list)
  }
  const found: ProcessMark[] = []
  const queue = [root]
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child)
      queue.push(child.pid)
    }
  }
  return found
}

/** Ends the marked processes still alive (the same process: same id and start time). */
export function killSurvivors(marks: readonly ProcessMark[]): void {
  for (const mark of marks) {
    if (statOf(mark.pid)?.startTime !== mark.startTime) continue
    try {
      process.kill(mark.pid, 'SIGKILL')
    } catch {
      // gone meanwhile
    }
  }
}
