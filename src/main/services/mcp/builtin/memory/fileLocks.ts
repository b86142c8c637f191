import { resolve } from 'node:path'
import { Mutex } from 'async-mutex'

// one lock per file for the whole process: two connections to the same file must not interleave
// their read-modify-write cycles, or one of them loses its update
const locks = new Map<string, Mutex>()

export function lockFor(file: string): Mutex {
  const key = resolve(file)
  let lock = locks.get(key)
  if (!lock) {
    lock = new Mutex()
    locks.set(key, lock)
  }
  return lock
}
