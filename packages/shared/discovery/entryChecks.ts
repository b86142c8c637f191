/**
 * What an MCP Registry entry must look like before anything of it is stored or run. Entries come
 * from any registry a user adds, so each field is checked as hostile: a refused one is named.
 */

/** a refused entry: `field` is its path in server.json, such as `packages[0].identifier` */
export class EntryProblem extends Error {
  override name = 'EntryProblem'
  constructor(
    readonly field: string,
    readonly problem: string
  ) {
    super(`${field} ${problem}`)
  }
}

// control characters (both ranges), and the bidirectional overrides and isolates that make text read otherwise than it runs
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

export function checkName(field: string, value: string | undefined): void {
  if (value === undefined) return
  if (CONTROL.test(value)) throw new EntryProblem(field, 'contains a control character')
  if (BIDI.test(value)) throw new EntryProblem(field, 'contains a bidirectional-text control character, which can disguise what it says')
}

/** longer text (a description): line breaks are fine, hidden direction changes are not */
export function checkText(field: string, value: string | undefined): void {
  if (value === undefined) return
  if (BIDI.test(value)) throw new EntryProblem(field, 'contains a bidirectional-text control character, which can disguise what it says')
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) throw new EntryProblem(field, 'contains a control character')
}

const IDENTIFIER: Record<string, RegExp> = {
  // @scope/name or name
  npm: /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i,
  pypi: /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/i,
  // registry/path/image, optionally :tag or @sha256:digest
  oci: /^[a-z0-9][a-z0-9._-]*(:[0-9]+)?(\/[a-z0-9][a-z0-9._-]*)*(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(@sha256:[a-f0-9]{64})?$/
}

export function checkIdentifier(field: string, registryType: string, value: string): void {
  const pattern = IDENTIFIER[registryType]
  if (pattern && !pattern.test(value)) {
    throw new EntryProblem(field, `"${printable(value)}" is not a ${registryType} package name (letters, digits and . _ - / only; no spaces or shell characters)`)
  }
}

/** a pinned version: no ranges, no tags like "latest", nothing a shell would read */
export function checkVersion(field: string, value: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9.+_-]*$/.test(value) || value === 'latest') {
    throw new EntryProblem(field, `"${printable(value)}" is not a pinned version (such as 1.2.3)`)
  }
}

export function checkHttpUrl(field: string, value: string | undefined): void {
  if (value === undefined) return
  let url: URL
  try {
    // `{name}` placeholders stand for values the user gives; what is around them must be a URL already
    url = new URL(value.replace(/\{[A-Za-z0-9_-]+\}/g, 'x'))
  } catch {
    throw new EntryProblem(field, `"${printable(value)}" is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EntryProblem(field, `must be an http(s) URL, not ${url.protocol}`)
  checkName(field, value)
}

export function checkEnvName(field: string, value: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw new EntryProblem(field, `"${printable(value)}" is not an environment variable name`)
}

export function checkHeaderName(field: string, value: string): void {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) throw new EntryProblem(field, `"${printable(value)}" is not an HTTP header name`)
}

/** shown in a message without the characters that would garble it */
function printable(value: string): string {
  const plain = value.replace(new RegExp(`${CONTROL.source}|${BIDI.source}`, 'g'), '?')
  return plain.length > 80 ? `${plain.slice(0, 80)}…` : plain
}
