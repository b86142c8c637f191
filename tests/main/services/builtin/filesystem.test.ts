import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { call, cleanUp, filesystemServer, folder, setup } from './filesystemSetup'

afterEach(cleanUp)

const TOOLS = [
  'create_directory',
  'directory_tree',
  'edit_file',
  'get_file_info',
  'list_allowed_directories',
  'list_directory',
  'list_directory_with_sizes',
  'move_file',
  'read_file',
  'read_media_file',
  'read_multiple_files',
  'read_text_file',
  'search_files',
  'write_file'
]

describe('@studio/filesystem: the tools', () => {
  it("has the reference server's tools, with read-only ones marked so", async () => {
    const { service, server } = setup()
    const tools = await service.listTools(server)
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS)
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name)
    expect(readOnly).not.toContain('write_file')
    expect(readOnly).toContain('read_text_file')
    expect(tools.find((t) => t.name === 'write_file')?.annotations?.destructiveHint).toBe(true)
  })

  it('list_allowed_directories: args and roots; a missing or relative root is named, the rest still works', async () => {
    const { service, root } = setup()
    const other = folder('mcp-fs-other-')
    writeFileSync(join(other, 'a.txt'), 'from roots')
    const server = filesystemServer({ args: [root], roots: [other, join(root, 'missing'), 'relative/dir'] })
    const listed = await call(service, server, 'list_allowed_directories')
    expect(listed.text).toContain(`Allowed directories:\n${root}\n${other}`)
    expect(listed.text).toContain(`"${join(root, 'missing')}" in roots does not exist`)
    expect(listed.text).toContain('"relative/dir" in roots is not an absolute path')
    expect((await call(service, server, 'read_text_file', { path: join(other, 'a.txt') })).text).toBe('from roots')

    // created later: usable without a restart
    mkdirSync(join(root, 'missing'))
    expect((await call(service, server, 'list_allowed_directories')).text).not.toContain('does not exist')
  })

  it('a server with only roots (no args) works inside them', async () => {
    const { service, root } = setup()
    writeFileSync(join(root, 'r.txt'), 'hi')
    const viaRoots = filesystemServer({ roots: [root] })
    expect((await call(service, viaRoots, 'read_text_file', { path: 'r.txt' })).text).toBe('hi')
  })

  it('a folder in args that is missing, relative or a file fails the start, naming it (it does not connect)', async () => {
    const { service, root } = setup()
    writeFileSync(join(root, 'file.txt'), 'x')
    const missing = filesystemServer({ args: [root, '/definitely/not/here'] })
    await expect(service.listTools(missing)).rejects.toMatchObject({
      code: 'BAD_CONFIG',
      message: expect.stringContaining('the folder "/definitely/not/here" in args does not exist')
    })
    await expect(service.listTools(filesystemServer({ args: ['relative/dir'] }))).rejects.toThrow('"relative/dir" in args is not an absolute path')
    await expect(service.listTools(filesystemServer({ args: [join(root, 'file.txt')] }))).rejects.toThrow('is not a folder')
  })

  it('read_text_file: whole, head, tail; both, a folder, a missing file and a binary file are errors', async () => {
    const { service, server, root } = setup()
    writeFileSync(join(root, 'lines.txt'), 'one\ntwo\nthree\nfour\n')
    expect((await call(service, server, 'read_text_file', { path: join(root, 'lines.txt') })).text).toBe('one\ntwo\nthree\nfour\n')
    expect((await call(service, server, 'read_text_file', { path: 'lines.txt', head: 2 })).text).toBe('one\ntwo')
    expect((await call(service, server, 'read_text_file', { path: 'lines.txt', tail: 2 })).text).toBe('three\nfour')

    const both = await call(service, server, 'read_text_file', { path: 'lines.txt', head: 1, tail: 1 })
    expect(both).toMatchObject({ isError: true, text: 'Give head or tail, not both.' })
    expect((await call(service, server, 'read_text_file', { path: 'nope.txt' })).text).toBe(`"${join(root, 'nope.txt')}" does not exist`)
    expect((await call(service, server, 'read_text_file', { path: '.' })).text).toContain('is a folder')
    writeFileSync(join(root, 'bin.dat'), Buffer.from([1, 0, 2, 0]))
    expect((await call(service, server, 'read_text_file', { path: 'bin.dat' })).text).toContain('is not a text file')
  })

  it('read_text_file refuses a file over 10 MB and points at head/tail, which work on it', async () => {
    const { service, server, root } = setup()
    const line = 'x'.repeat(99) + '\n'
    writeFileSync(join(root, 'big.log'), `first\n${line.repeat(110_000)}last\n`)
    const whole = await call(service, server, 'read_text_file', { path: 'big.log' })
    expect(whole.isError).toBe(true)
    expect(whole.text).toMatch(/is 10\.5 MB, over the 10\.0 MB limit.*head.*tail/s)
    expect((await call(service, server, 'read_text_file', { path: 'big.log', head: 1 })).text).toBe('first')
    expect((await call(service, server, 'read_text_file', { path: 'big.log', tail: 1 })).text).toBe('last')
  })

  it('read_multiple_files: each file with its path, a failing one does not stop the others', async () => {
    const { service, server, root } = setup()
    writeFileSync(join(root, 'a.txt'), 'A')
    const { text, isError } = await call(service, server, 'read_multiple_files', { paths: ['a.txt', 'gone.txt'] })
    expect(isError).toBe(false)
    expect(text).toContain('a.txt:\nA')
    expect(text).toContain(`gone.txt: Error - "${join(root, 'gone.txt')}" does not exist`)
  })

  it('read_media_file: image and audio content by extension, other files as a blob resource, size-limited', async () => {
    const { service, server, root } = setup()
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
    writeFileSync(join(root, 'pic.PNG'), png)
    writeFileSync(join(root, 'sound.wav'), Buffer.from('RIFF'))
    writeFileSync(join(root, 'doc.pdf'), Buffer.from('%PDF-1.4'))
    const image = await call(service, server, 'read_media_file', { path: 'pic.PNG' })
    expect(image.result.content).toEqual([{ type: 'image', mimeType: 'image/png', data: png.toString('base64') }])
    const audio = await call(service, server, 'read_media_file', { path: 'sound.wav' })
    expect(audio.result.content).toEqual([{ type: 'audio', mimeType: 'audio/wav', data: Buffer.from('RIFF').toString('base64') }])
    const pdf = await call(service, server, 'read_media_file', { path: 'doc.pdf' })
    expect(pdf.result.content[0]).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf', blob: Buffer.from('%PDF-1.4').toString('base64') } })

    writeFileSync(join(root, 'huge.png'), '')
    // a sparse file: the size is what counts, nothing is read
    truncateSync(join(root, 'huge.png'), 21 * 1024 * 1024)
    const huge = await call(service, server, 'read_media_file', { path: 'huge.png' })
    expect(huge).toMatchObject({ isError: true, text: '"huge.png" is 21.0 MB, over the 20.0 MB limit for media files.' })
  })

  it('write_file: creates and overwrites atomically, keeps the mode, leaves no temp file; a missing folder is an error', async () => {
    const { service, server, root } = setup()
    expect((await call(service, server, 'write_file', { path: 'new.txt', content: 'v1' })).text).toBe('Successfully wrote to new.txt')
    chmodSync(join(root, 'new.txt'), 0o640)
    await call(service, server, 'write_file', { path: join(root, 'new.txt'), content: 'v2 ✓' })
    expect(readFileSync(join(root, 'new.txt'), 'utf8')).toBe('v2 ✓')
    expect(statSync(join(root, 'new.txt')).mode & 0o777).toBe(0o640)
    expect(readdirSync(root)).toEqual(['new.txt'])

    const orphan = await call(service, server, 'write_file', { path: 'no/such/dir/x.txt', content: '' })
    expect(orphan).toMatchObject({ isError: true, text: 'The folder of "no/such/dir/x.txt" does not exist; create it with create_directory first.' })
    expect(existsSync(join(root, 'no'))).toBe(false)
  })

  it('edit_file: exact edits with a unified diff; dryRun writes nothing; not found / ambiguous change nothing', async () => {
    const { service, server, root } = setup()
    const file = join(root, 'code.ts')
    writeFileSync(file, 'const a = 1\nconst b = 2\nconst c = 2\n')
    const dry = await call(service, server, 'edit_file', { path: 'code.ts', edits: [{ oldText: 'a = 1', newText: 'a = 10' }], dryRun: true })
    expect(dry.text).toContain('Dry run: nothing was written')
    expect(dry.text).toContain('-const a = 1\n+const a = 10')
    expect(readFileSync(file, 'utf8')).toBe('const a = 1\nconst b = 2\nconst c = 2\n')

    const done = await call(service, server, 'edit_file', {
      path: 'code.ts',
      edits: [
        { oldText: 'a = 1', newText: 'a = 10' },
        { oldText: 'b = 2', newText: 'b = 20' }
      ]
    })
    expect(done.text).toMatch(/^```diff\n.*--- code\.ts\toriginal\n\+\+\+ code\.ts\tmodified\n/s)
    expect(done.text).toContain('+const b = 20')
    expect(readFileSync(file, 'utf8')).toBe('const a = 10\nconst b = 20\nconst c = 2\n')

    const missing = await call(service, server, 'edit_file', { path: 'code.ts', edits: [{ oldText: 'const z', newText: '' }] })
    expect(missing).toMatchObject({ isError: true })
    expect(missing.text).toContain('oldText was not found')
    const twice = await call(service, server, 'edit_file', {
      path: 'code.ts',
      edits: [
        { oldText: 'const a', newText: 'let a' },
        { oldText: ' = 2', newText: ' = 3' }
      ]
    })
    expect(twice.text).toBe('Edit 2 of 2: oldText matches 2 times; include more surrounding lines so it matches exactly once.')
    expect(readFileSync(file, 'utf8')).toBe('const a = 10\nconst b = 20\nconst c = 2\n')
  })

  it('edit_file: twenty edits at once all land (read-modify-write under a lock)', async () => {
    const { service, server, root } = setup()
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`)
    writeFileSync(join(root, 'many.txt'), `${lines.join('\n')}\n`)
    const results = await Promise.all(
      lines.map((line) => call(service, server, 'edit_file', { path: 'many.txt', edits: [{ oldText: `${line}\n`, newText: `${line} edited\n` }] }))
    )
    expect(results.filter((r) => r.isError)).toEqual([])
    expect(readFileSync(join(root, 'many.txt'), 'utf8')).toBe(lines.map((l) => `${l} edited\n`).join(''))
  })

  it('edit_file keeps Windows line endings when the edit is written with \\n', async () => {
    const { service, server, root } = setup()
    writeFileSync(join(root, 'win.txt'), 'alpha\r\nbeta\r\n')
    await call(service, server, 'edit_file', { path: 'win.txt', edits: [{ oldText: 'alpha\nbeta', newText: 'alpha\ngamma' }] })
    expect(readFileSync(join(root, 'win.txt'), 'utf8')).toBe('alpha\r\ngamma\r\n')
  })

  it('create_directory, list_directory and list_directory_with_sizes', async () => {
    const { service, server, root } = setup()
    expect((await call(service, server, 'create_directory', { path: 'a/b/c' })).text).toBe('Successfully created directory a/b/c')
    expect(statSync(join(root, 'a/b/c')).isDirectory()).toBe(true)
    writeFileSync(join(root, 'a', 'f.txt'), '12345')
    expect((await call(service, server, 'list_directory', { path: 'a' })).text).toBe('[DIR] b\n[FILE] f.txt')
    expect((await call(service, server, 'list_directory', { path: 'a/b/c' })).text).toBe('(empty directory)')
    const sized = (await call(service, server, 'list_directory_with_sizes', { path: 'a' })).text
    expect(sized).toMatch(/\[FILE\] f\.txt +5 B/)
    expect(sized).toContain('Total: 1 files, 1 directories')

    const notDir = await call(service, server, 'list_directory', { path: 'a/f.txt' })
    expect(notDir).toMatchObject({ isError: true, text: '"a/f.txt" is not a directory.' })
    const onFile = await call(service, server, 'create_directory', { path: 'a/f.txt' })
    expect(onFile).toMatchObject({ isError: true, text: `"${join(root, 'a/f.txt')}" already exists` })
  })

  it('directory_tree and search_files, with excludePatterns', async () => {
    const { service, server, root } = setup()
    mkdirSync(join(root, 'src/deep'), { recursive: true })
    mkdirSync(join(root, 'node_modules/pkg'), { recursive: true })
    for (const f of ['src/a.ts', 'src/deep/b.ts', 'src/c.md', 'node_modules/pkg/i.ts', 'top.ts']) writeFileSync(join(root, f), '')

    const tree = JSON.parse((await call(service, server, 'directory_tree', { path: '.', excludePatterns: ['node_modules'] })).text)
    expect(tree).toEqual([
      {
        name: 'src',
        type: 'directory',
        children: [
          { name: 'a.ts', type: 'file' },
          { name: 'c.md', type: 'file' },
          { name: 'deep', type: 'directory', children: [{ name: 'b.ts', type: 'file' }] }
        ]
      },
      { name: 'top.ts', type: 'file' }
    ])

    const all = await call(service, server, 'search_files', { path: root, pattern: '**/*.ts', excludePatterns: ['node_modules'] })
    expect(all.text.split('\n')).toEqual(['src/a.ts', 'src/deep/b.ts', 'top.ts'].map((f) => join(root, f)))
    expect((await call(service, server, 'search_files', { path: '.', pattern: '*.ts' })).text).toBe(join(root, 'top.ts'))
    expect((await call(service, server, 'search_files', { path: 'src', pattern: '*.rs' })).text).toBe('No matches found')
  })

  it('move_file renames; an existing destination is refused and both files stay as they were', async () => {
    const { service, server, root } = setup()
    writeFileSync(join(root, 'a.txt'), 'A')
    writeFileSync(join(root, 'b.txt'), 'B')
    expect((await call(service, server, 'move_file', { source: 'a.txt', destination: 'c.txt' })).text).toBe('Successfully moved a.txt to c.txt')
    expect(readFileSync(join(root, 'c.txt'), 'utf8')).toBe('A')
    const clash = await call(service, server, 'move_file', { source: 'c.txt', destination: 'b.txt' })
    expect(clash.isError).toBe(true)
    expect(clash.text).toContain('"b.txt" already exists')
    expect([readFileSync(join(root, 'b.txt'), 'utf8'), readFileSync(join(root, 'c.txt'), 'utf8')]).toEqual(['B', 'A'])
    const self = await call(service, server, 'move_file', { source: root, destination: join(root, 'x') })
    expect(self.text).toContain('is an allowed directory itself')
  })

  it('get_file_info: size, type and permissions', async () => {
    const { service, server, root } = setup()
    writeFileSync(join(root, 'i.txt'), 'four')
    chmodSync(join(root, 'i.txt'), 0o604)
    const info = (await call(service, server, 'get_file_info', { path: 'i.txt' })).text
    expect(info).toContain('size: 4')
    expect(info).toContain('isFile: true')
    expect(info).toContain('isDirectory: false')
    expect(info).toContain('permissions: 604')
  })

  it('bad arguments are an error result naming the field, and the connection stays usable', async () => {
    const { service, server } = setup()
    const missing = await call(service, server, 'read_text_file', {})
    expect(missing.isError).toBe(true)
    expect(missing.text).toContain('Invalid arguments for tool read_text_file')
    expect(missing.text).toContain('path')
    const wrong = await call(service, server, 'edit_file', { path: 'x', edits: [{ oldText: 1 }] })
    expect(wrong.isError).toBe(true)
    expect(wrong.text).toContain('edits')
    expect((await call(service, server, 'read_text_file', { path: 'x', head: -1 })).isError).toBe(true)
    expect((await call(service, server, 'list_allowed_directories')).isError).toBe(false)
  })
})
