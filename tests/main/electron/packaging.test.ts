// The packager config (electron-builder.json) declares what the code handles: the install-link
// scheme and the extension files. Nothing here builds a package (the Electron binary cannot be
// downloaded on the test machines); this keeps the declaration and the code from drifting apart.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { EXTENSION_FILE_EXTENSIONS } from '@shared/mcp/extensions'
import { INSTALL_LINK_PROTOCOL } from '@shared/mcp/installLink'
import { extensionFileAt } from '../../../src/main/services/extensions/openedFiles'

const ConfigSchema = z.object({
  productName: z.string(),
  protocols: z.array(z.object({ name: z.string().min(1), schemes: z.array(z.string()).min(1) })),
  // one extension per entry: electron-builder writes each entry's Linux MIME glob as `*.${ext}`
  fileAssociations: z.array(z.object({ ext: z.string().regex(/^[a-z0-9]+$/), name: z.string().min(1), mimeType: z.string().regex(/^application\/[\w.+-]+$/) })),
  linux: z.object({ desktop: z.object({ entry: z.record(z.string(), z.string()).optional() }).optional() }).optional(),
  nsis: z.object({ perMachine: z.boolean().optional() }).optional()
})

const config = ConfigSchema.parse(JSON.parse(readFileSync('electron-builder.json', 'utf8')))
const pkg = z.object({ productName: z.string() }).parse(JSON.parse(readFileSync('package.json', 'utf8')))

/** The MimeType line of the Linux desktop entry, derived as electron-builder derives it (LinuxTargetHelper). */
function desktopMimeType(): string {
  const types = [...config.fileAssociations.map((a) => a.mimeType), ...config.protocols.flatMap((p) => p.schemes.map((s) => `x-scheme-handler/${s}`))]
  return types.join(';') + ';'
}

describe('the packager config declares what the code handles', () => {
  it('the install-link scheme is the one the parser and the protocol handler use, and only it', () => {
    expect(config.protocols.flatMap((p) => p.schemes)).toEqual([INSTALL_LINK_PROTOCOL])
    expect(config.productName).toBe(pkg.productName)
  })

  it('the file associations are exactly the extensions the app opens (the file picker in the window takes the same list)', () => {
    expect(config.fileAssociations.map((a) => a.ext).sort()).toEqual([...EXTENSION_FILE_EXTENSIONS].sort())
    // a double-clicked file of each declared type is one main takes
    const dir = mkdtempSync(join(tmpdir(), 'mcp-packaging-'))
    try {
      for (const { ext } of config.fileAssociations) {
        writeFileSync(join(dir, `bundle.${ext}`), 'PK')
        expect(extensionFileAt(join(dir, `bundle.${ext}`), dir), ext).toBe(join(dir, `bundle.${ext}`))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('Linux: the desktop entry registers the scheme handler and each extension\'s MIME type', () => {
    expect(desktopMimeType()).toBe('application/x-mcpb;application/x-dxt;x-scheme-handler/mcpstudio;')
    expect(new Set(config.fileAssociations.map((a) => a.mimeType)).size).toBe(config.fileAssociations.length)
    // electron-builder overwrites a MimeType set by hand with the derived one: one set here would only mislead
    expect(config.linux?.desktop?.entry?.MimeType).toBeUndefined()
  })

  it('Windows: the installer is per machine, which NSIS file associations need', () => {
    expect(config.nsis?.perMachine).toBe(true)
  })
})
