import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Folders under the OS temp folder for one test file; `removeAll` (in afterEach) deletes them. */
export function tempFolders() {
  const folders: string[] = []
  return {
    make(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      folders.push(dir)
      return dir
    },
    removeAll(): void {
      while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true })
    }
  }
}
