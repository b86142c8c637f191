import { createTwoFilesPatch } from 'diff'

export interface TextEdit {
  oldText: string
  newText: string
}

/** How often `needle` occurs, overlaps included (an overlapping second match is just as ambiguous). */
function occurrences(haystack: string, needle: string): number {
  let count = 0
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) count++
  return count
}

/**
 * Applies the edits in order, each to the result of the ones before. Each oldText must match
 * exactly once; a model often sends "\n" for a file with "\r\n", so that spelling is tried too.
 */
export function applyEdits(content: string, edits: TextEdit[]): string {
  const eol = content.includes('\r\n') ? '\r\n' : '\n'
  const withEol = (s: string) => s.replace(/\r\n/g, '\n').replace(/\n/g, eol)
  let result = content
  edits.forEach((edit, i) => {
    const which = edits.length > 1 ? `Edit ${i + 1} of ${edits.length}` : 'The edit'
    if (edit.oldText === '') throw new Error(`${which}: oldText is empty; give the exact text to replace.`)
    const spellings = [...new Set([edit.oldText, withEol(edit.oldText)])]
    const spelling = spellings.find((s) => occurrences(result, s) > 0)
    if (spelling === undefined) {
      throw new Error(`${which}: oldText was not found in the file. It must match exactly, including whitespace and indentation; read the file again.`)
    }
    const count = occurrences(result, spelling)
    if (count > 1) throw new Error(`${which}: oldText matches ${count} times; include more surrounding lines so it matches exactly once.`)
    const at = result.indexOf(spelling)
    const newText = spelling === edit.oldText ? edit.newText : withEol(edit.newText)
    result = result.slice(0, at) + newText + result.slice(at + spelling.length)
  })
  return result
}

/** A unified diff in a fenced block, fenced with more backticks than it contains. */
export function diffBlock(path: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(path, path, before, after, 'original', 'modified')
  const longest = Math.max(0, ...(patch.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}diff\n${patch}${fence}`
}
