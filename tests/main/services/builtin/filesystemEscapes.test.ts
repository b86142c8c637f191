import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { call, cleanUp, filesystemServer, folder, setup } from './filesystemSetup'

afterEach(cleanUp)

/** A root, a folder outside it with a secret, and what each refusal must say. */
function escapeSetup() {
  const made = setup()
  const secret = join(made.outside, 'secret.txt')
  writeFileSync(secret, 'SECRET')
  const refusal = `Allowed directories: ${made.root}`
  /** the outside folder exactly as it was: one untouched file */
  const outsideUntouched = () => {
    expect(readdirSync(made.outside)).toEqual(['secret.txt'])
    expect(readFileSync(secret, 'utf8')).toBe('SECRET')
  }
  return { ...made, secret, refusal, outsideUntouched }
}

describe('@studio/filesystem: nothing outside the allowed folders', () => {
  it('"../", absolute paths outside and ".." inside an absolute path are refused for reading and writing', async () => {
    const { service, server, root, outside, secret, refusal, outsideUntouched } = escapeSetup()
    const dotdot = `../${basename(outside)}/secret.txt`
    for (const path of [dotdot, secret, join(root, '..', basename(outside), 'secret.txt')]) {
      for (const [tool, args] of [
        ['read_text_file', { path }],
        ['read_media_file', { path }],
        ['get_file_info', { path }],
        ['write_file', { path, content: 'pwned' }],
        ['edit_file', { path, edits: [{ oldText: 'SECRET', newText: 'pwned' }] }]
      ] as const) {
        const result = await call(service, server, tool, args)
        expect(result.isError, `${tool} ${path}`).toBe(true)
        expect(result.text).toContain('Access denied')
        expect(result.text).toContain(refusal)
      }
    }
    for (const path of [`../${basename(outside)}/new.txt`, join(outside, 'new.txt')]) {
      expect((await call(service, server, 'write_file', { path, content: 'x' })).text).toContain('Access denied')
      expect((await call(service, server, 'create_directory', { path: `${path}.d` })).text).toContain('Access denied')
    }
    expect((await call(service, server, 'list_directory', { path: outside })).text).toContain(refusal)
    outsideUntouched()
  })

  it('a sibling whose name starts like the root is outside (/a/bc is not inside /a/b)', async () => {
    const { service, server, root, refusal } = escapeSetup()
    const sibling = `${root}c`
    mkdirSync(sibling)
    writeFileSync(join(sibling, 'x.txt'), 'x')
    try {
      const result = await call(service, server, 'read_text_file', { path: join(sibling, 'x.txt') })
      expect(result.text).toContain(refusal)
    } finally {
      rmSync(sibling, { recursive: true, force: true })
    }
  })

  it('a symlink inside the root that points outside is refused for read and write; the outside file is unchanged', async () => {
    const { service, server, root, secret, refusal, outsideUntouched } = escapeSetup()
    symlinkSync(secret, join(root, 'link.txt'))
    for (const [tool, args] of [
      ['read_text_file', { path: 'link.txt' }],
      ['read_text_file', { path: 'link.txt', tail: 1 }],
      ['read_multiple_files', { paths: ['link.txt'] }],
      ['write_file', { path: 'link.txt', content: 'pwned' }],
      ['edit_file', { path: 'link.txt', edits: [{ oldText: 'SECRET', newText: 'pwned' }] }],
      ['move_file', { source: 'link.txt', destination: 'moved.txt' }]
    ] as const) {
      const result = await call(service, server, tool, args)
      expect(result.text, tool).toContain(refusal)
      expect(result.text).not.toContain('SECRET')
    }
    outsideUntouched()
  })

  it('a new file or folder under a symlinked folder that points outside is refused and not created', async () => {
    const { service, server, root, outside, refusal, outsideUntouched } = escapeSetup()
    symlinkSync(outside, join(root, 'out'))
    writeFileSync(join(root, 'mine.txt'), 'mine')
    for (const [tool, args] of [
      ['write_file', { path: 'out/new.txt', content: 'x' }],
      ['create_directory', { path: 'out/sub/deeper' }],
      ['move_file', { source: 'mine.txt', destination: 'out/mine.txt' }],
      ['list_directory', { path: 'out' }],
      ['search_files', { path: 'out', pattern: '**' }]
    ] as const) {
      const result = await call(service, server, tool, args)
      expect(result.isError, tool).toBe(true)
      expect(result.text).toContain(refusal)
    }
    expect(readFileSync(join(root, 'mine.txt'), 'utf8')).toBe('mine')
    outsideUntouched()
  })

  it('a dangling symlink (its target outside, not there yet) is never written through', async () => {
    const { service, server, root, outside, outsideUntouched } = escapeSetup()
    symlinkSync(join(outside, 'planted.txt'), join(root, 'dangling.txt'))
    symlinkSync(join(outside, 'nodir'), join(root, 'dangling-dir'))
    const file = await call(service, server, 'write_file', { path: 'dangling.txt', content: 'x' })
    expect(file.isError).toBe(true)
    expect(file.text).toContain('is a symbolic link to something that does not exist')
    expect((await call(service, server, 'create_directory', { path: 'dangling-dir/a' })).isError).toBe(true)
    expect((await call(service, server, 'write_file', { path: 'dangling-dir/a.txt', content: 'x' })).isError).toBe(true)
    outsideUntouched()
  })

  it('a path with NUL is refused, naming the allowed folders', async () => {
    const { service, server, root, refusal } = escapeSetup()
    writeFileSync(join(root, 'a.txt'), 'A')
    for (const [tool, args] of [
      ['read_text_file', { path: 'a.txt\u0000.png' }],
      ['write_file', { path: 'b.txt\u0000', content: 'x' }]
    ] as const) {
      const result = await call(service, server, tool, args)
      expect(result.isError).toBe(true)
      expect(result.text).toContain('contains a NUL character')
      expect(result.text).toContain(refusal)
    }
    expect(readdirSync(root)).toEqual(['a.txt'])
  })

  it('move_file guards both ends: out of the root and into a folder outside are refused', async () => {
    const { service, server, root, secret, outside, refusal, outsideUntouched } = escapeSetup()
    writeFileSync(join(root, 'mine.txt'), 'mine')
    expect((await call(service, server, 'move_file', { source: secret, destination: 'stolen.txt' })).text).toContain(refusal)
    expect((await call(service, server, 'move_file', { source: 'mine.txt', destination: join(outside, 'mine.txt') })).text).toContain(refusal)
    expect(existsSync(join(root, 'stolen.txt'))).toBe(false)
    expect(readFileSync(join(root, 'mine.txt'), 'utf8')).toBe('mine')
    outsideUntouched()
  })

  it('directory_tree and search_files list a symlinked folder but never enter it', async () => {
    const { service, server, root, outside } = escapeSetup()
    symlinkSync(outside, join(root, 'out'))
    writeFileSync(join(root, 'in.txt'), '')
    const tree = JSON.parse((await call(service, server, 'directory_tree', { path: '.' })).text)
    expect(tree).toEqual([
      { name: 'in.txt', type: 'file' },
      { name: 'out', type: 'file' }
    ])
    const found = (await call(service, server, 'search_files', { path: '.', pattern: '**/*' })).text
    expect(found.split('\n')).toEqual([join(root, 'in.txt'), join(root, 'out')])
  })

  it('a root given through a symlink is used by its real path, and files in it can be reached either way', async () => {
    const { service, root } = escapeSetup()
    const links = folder('mcp-fs-links-')
    symlinkSync(root, join(links, 'root-link'))
    writeFileSync(join(root, 'a.txt'), 'A')
    const server = filesystemServer({ args: [join(links, 'root-link')] })
    expect((await call(service, server, 'list_allowed_directories')).text).toBe(`Allowed directories:\n${root}`)
    expect((await call(service, server, 'read_text_file', { path: join(links, 'root-link', 'a.txt') })).text).toBe('A')
    expect((await call(service, server, 'read_text_file', { path: join(root, 'a.txt') })).text).toBe('A')
  })
})
