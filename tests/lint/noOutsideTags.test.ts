import { readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Requirement tags that point at a document outside this repository (a letter and a number, a
// spec section, an issue's item list) cannot be looked up by a reader: say the requirement in
// words instead. V8 is the JavaScript engine and F1–F12 are keys, not tags.
const TAG = String.raw`(?!V8\b|F\d)[A-Z]\d{1,2}(?:[–-][A-Z]?\d{1,2})?`
const PATTERNS: RegExp[] = [
  // "SPEC" followed by a section or a tag
  /\bSPEC\s*(?:§|[A-Z]\d{0,2}\b)/,
  // a section sign before a capital letter
  /§\s?[A-Z]\b/,
  // a parenthesis opening with a tag: "(tag)", "(tag, tag)", "(tag: words)", "(tag words)"
  new RegExp(String.raw`\(${TAG}[\s,):;/]`),
  // a tag closing a parenthesis after words: "(words, tag)"
  new RegExp(String.raw`, ${TAG}\)`),
  // a tag opening a comment, or all of it: "// tag: words", "/** tag words", "/** tag */"
  new RegExp(String.raw`(?:\/\/|\/\*\*?|^\s*\*)\s*${TAG}(?::|\s+(?=\w)|\s*\*\/|$)`),
  // a tag's possessive: "the tag's cap"
  new RegExp(String.raw`\b${TAG}'s\b`),
  // items of an issue's list
  /\bissue(?: \d+)? items?\b|\(items? \d+(?:,? (?:and )?\d+)*\)/
]
// in comments only, as code has them as names: a bare tag anywhere, or a one-letter section
// in parentheses
const COMMENT = /^\s*(?:\/\/|\/?\*)|\s\/\/\s/
const IN_COMMENT: RegExp[] = [new RegExp(String.raw`\b${TAG}\b`), /\s\([A-Z]\)[\s,.;:]/]

const ROOTS = ['src', 'packages', 'tests', 'scripts', 'docs', 'README.md']
const TEXT = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.md', '.css', '.html', '.yml', '.yaml'])
const SELF = relative(process.cwd(), import.meta.filename)

function* textFiles(path: string): Generator<string> {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path)) if (name !== 'node_modules') yield* textFiles(join(path, name))
  } else if (TEXT.has(extname(path)) && path !== SELF) {
    yield path
  }
}

/** `prose`: a Markdown line, read like a comment. */
function outsideTags(line: string, prose = false): boolean {
  return PATTERNS.some((p) => p.test(line)) || ((prose || COMMENT.test(line)) && IN_COMMENT.some((p) => p.test(line)))
}

describe('no requirement tags that point outside the repo', () => {
  it.each([
    '/** X9: runs as a task */',
    '// O2 where processes start',
    ' * A4: the sign-in of one connect.',
    'the lists (N1–N3) again',
    "describe('client lifecycle (L1–L9)', () => {",
    'before anything is saved (SPEC §F, §S).',
    '(SPEC D3), filled in',
    'as JSON (G3: traces leave the host)',
    '(cached per server key, K1)',
    "/** L4's floor */",
    'SPEC A / U: a remote server',
    '// issue item 4: structured content',
    'a watch outlives the tab (item 6)',
    '/** Q2 URL mode: the address in full */',
    '  /** K2 */',
    ' * What servers ask (Q2 elicitation, Q3 sampling): each',
    ' * Main caches the lists (K), so',
    '// every key G3 names'
  ])('flags %s', (line) => {
    expect(outsideTags(line)).toBe(true)
  })

  it.each([
    '/** V8 quotes the input in some JSON errors */',
    'version: FuseVersion.V1,',
    "headers: { 'X-Request-Id': id }",
    'open(path, O_NOFOLLOW)',
    'SEP-990 enterprise-managed authorization',
    "expect(text).toBe('item 42')",
    'const separated = /^[a-zA-Z][a-zA-Z0-9]{0,8}$/',
    'env: { K: "v", A: "1" }',
    "path: 'C:\\\\Python312\\\\python.exe'",
    '// F12 opens the devtools',
    'if (A) return B'
  ])('leaves %s alone', (line) => {
    expect(outsideTags(line)).toBe(false)
  })

  it('none in src, packages, tests, scripts, docs or README.md', () => {
    const hits: string[] = []
    for (const root of ROOTS) {
      for (const file of textFiles(root)) {
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (outsideTags(line, file.endsWith('.md'))) hits.push(`${file}:${i + 1}: ${line.trim()}`)
          })
      }
    }
    expect(hits).toEqual([])
  })
})
