import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The layer rules of ARCHITECTURE.md, proven on the real lint config: each forbidden edge fails.
const eslint = new ESLint({ cwd: process.cwd() })

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('layer rules', () => {
  it.each([
    ['src/renderer/src/pages/X.tsx', "import { readFile } from 'node:fs'"],
    ['src/renderer/src/pages/X.tsx', "import fs from 'fs'"],
    ['src/renderer/src/pages/X.tsx', "import { ipcRenderer } from 'electron'"],
    ['src/renderer/src/pages/X.tsx', "import { MCPService } from '../../../main/services/mcp/MCPService'"],
    ['src/preload/index.ts', "import { spawn } from 'node:child_process'"],
    ['packages/shared/mcp/x.ts', "import { join } from 'node:path'"],
    ['packages/shared/mcp/x.ts', "import { app } from 'electron'"],
    ['packages/shared/mcp/x.ts', "import { x } from '../../../src/main/x'"],
    ['src/main/services/mcp/x.ts', "import { net } from 'electron'"],
    ['src/cli/x.ts', "import { app } from 'electron'"]
  ])('%s may not %s', async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport {}\n`)).not.toEqual([])
  })

  it.each([
    ['src/main/index.ts', "import { app } from 'electron'"],
    ['src/main/platform/electronPlatform.ts', "import { net } from 'electron'"],
    ['src/main/ipc/electronIpc.ts', "import type { IpcMain } from 'electron'"],
    ['src/preload/index.ts', "import { contextBridge } from 'electron'"],
    ['src/main/services/mcp/x.ts', "import { spawn } from 'node:child_process'"],
    ['src/renderer/src/pages/X.tsx', "import { IpcChannel } from '@shared/ipc/contract'"]
  ])('%s may %s', async (file, code) => {
    expect(await layerErrors(file, `${code}\nexport {}\n`)).toEqual([])
  })
})
