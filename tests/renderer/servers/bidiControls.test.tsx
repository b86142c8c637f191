import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { CommandText } from '@renderer/components/servers/CommandText'
import { createI18n } from '@renderer/i18n'

const TRICK = 'report\u202Efdp.exe'

describe('bidirectional controls in what dialogs show', () => {
  it('a name put into a sentence shows them instead of obeying them', () => {
    const i18n = createI18n('en-US')
    const title = i18n.t('runner.title', { name: TRICK })
    expect(title).toBe('Run report[U+202E]fdp.exe')
    expect(i18n.t('runner.title', { name: 'plain <b>name</b> & co' })).toBe('Run plain <b>name</b> & co')
  })

  it('a command line or URL shows them', () => {
    const { container } = render(<CommandText text={`node /srv/${TRICK} --flag`} />)
    expect(container.textContent).toBe('node /srv/report[U+202E]fdp.exe --flag')
  })
})
