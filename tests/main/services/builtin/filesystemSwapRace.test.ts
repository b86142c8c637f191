import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { call, cleanUp, setup } from './filesystemSetup'

afterEach(cleanUp)

/**
 * Another thread swaps `sub` (a real folder inside the root) with a link to the outside folder and
 * back, as fast as it can, until told to stop: the window between the guard's check and the open
 * is open all the time.
 */
function startSwapper(root: string, outside: string) {
  const stop = new Int32Array(new SharedArrayBuffer(4))
  const worker = new Worker(
    `const { renameSync, symlinkSync, unlinkSync } = require('node:fs')
     const { workerData } = require('node:worker_threads')
     const { sub, parked, outside, stop } = workerData
     let swaps = 0
     while (Atomics.load(stop, 0) === 0) {
       renameSync(sub, parked)
       symlinkSync(outside, sub)
       unlinkSync(sub)
       renameSync(parked, sub)
       swaps++
     }
     require('node:worker_threads').parentPort.postMessage(swaps)`,
    { eval: true, workerData: { sub: join(root, 'sub'), parked: join(root, 'sub.parked'), outside, stop } }
  )
  const swaps = new Promise<number>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return {
    async stop(): Promise<number> {
      Atomics.store(stop, 0, 1)
      const count = await swaps
      await worker.terminate()
      return count
    }
  }
}

const CALLS = 400

describe('@studio/filesystem: a folder swapped for a link while tools run', () => {
  it('never reads the outside file, lists the outside folder, nor writes into it', async () => {
    const { service, server, root, outside } = setup()
    mkdirSync(join(root, 'sub'))
    writeFileSync(join(root, 'sub', 'file.txt'), 'INSIDE')
    writeFileSync(join(outside, 'file.txt'), 'OUTSIDE SECRET')
    writeFileSync(join(outside, 'outside-only.txt'), 'OUTSIDE')
    const path = join(root, 'sub', 'file.txt')
    // the server is up before the race starts
    expect((await call(service, server, 'read_text_file', { path })).text).toBe('INSIDE')

    const swapper = startSwapper(root, outside)
    const seen = { inside: 0, refused: 0 }
    try {
      for (let i = 0; i < CALLS; i++) {
        for (const args of [{ path }, { path, head: 1 }, { path, tail: 1 }]) {
          const read = await call(service, server, 'read_text_file', args)
          expect(read.text).not.toContain('OUTSIDE')
          if (read.isError) seen.refused++
          else seen.inside++
        }
        const media = await call(service, server, 'read_media_file', { path })
        expect(JSON.stringify(media.result)).not.toContain(Buffer.from('OUTSIDE SECRET').toString('base64'))
        await call(service, server, 'write_file', { path: join(root, 'sub', `new-${i}.txt`), content: 'written' })
        await call(service, server, 'edit_file', { path, edits: [{ oldText: 'INSIDE', newText: 'INSIDE' }] })
        // a listing of the folder itself never shows what is outside
        for (const tool of ['list_directory', 'list_directory_with_sizes', 'directory_tree']) {
          expect((await call(service, server, tool, { path: join(root, 'sub') })).text).not.toContain('outside-only')
        }
      }
    } finally {
      expect(await swapper.stop()).toBeGreaterThan(0)
    }
    // the outside folder as it was: nothing written, nothing edited
    expect(readdirSync(outside).sort()).toEqual(['file.txt', 'outside-only.txt'])
    expect(existsSync(join(root, 'sub.parked'))).toBe(false)
    // the race was real: some calls got through, the rest were refused in words
    expect(seen.inside).toBeGreaterThan(0)
    expect(seen.inside + seen.refused).toBe(CALLS * 3)
  }, 120_000)
})
