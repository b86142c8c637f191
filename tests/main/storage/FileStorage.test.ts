import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileStorage } from '../../../src/main/services/storage/FileStorage'

describe('FileStorage', () => {
  it('keeps values across instances, one private file per key, no temp files left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-storage-'))
    const storage = new FileStorage(dir)
    expect(await storage.getItem('persist:root')).toBeNull()
    await storage.setItem('persist:root', '{"a":1}')
    expect(await new FileStorage(dir).getItem('persist:root')).toBe('{"a":1}')
    expect(readdirSync(join(dir, 'storage'))).toEqual(['persist_root.json'])
    if (process.platform !== 'win32') expect(statSync(storage.pathOf('persist:root')).mode & 0o777).toBe(0o600)
    await storage.removeItem('persist:root')
    expect(await storage.getItem('persist:root')).toBeNull()
  })

  it('lands the last of many overlapping writes', async () => {
    const storage = new FileStorage(mkdtempSync(join(tmpdir(), 'mcp-storage-')))
    await Promise.all(Array.from({ length: 30 }, (_, i) => storage.setItem('k', `v${i}`)))
    expect(await storage.getItem('k')).toBe('v29')
  })
})
