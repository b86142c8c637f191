import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS, type BrowserApp } from './support/browserApp'
import { chooseAddMenuItem, dialogsSettled } from './support/uiSteps'

/** A long list, as a user who added servers for years has it: written before the app starts. */
const COUNT = 2000
const nameOf = (i: number) => `server ${String(i).padStart(4, '0')}`

let app: BrowserApp
let page: Page
let problems: string[]

appSession((session) => ({ app, page, problems } = session), {
  viewport: { width: 1280, height: 860 },
  prepare: (userDataDir) => {
    const servers = Array.from({ length: COUNT }, (_, i) => ({
      id: `s-${i}`,
      name: nameOf(i),
      type: 'stdio',
      command: 'npx',
      args: ['-y', `@example/server-${i}`],
      ...(i % 3 === 0 ? { description: `notes of team ${i}` } : {}),
      ...(i % 4 === 0 ? { tags: ['notes'] } : {}),
      // switched on, never approved: waiting, nothing runs
      isActive: i % 10 === 5,
      installSource: 'import'
    }))
    mkdirSync(join(userDataDir, 'mcp'), { recursive: true })
    writeFileSync(join(userDataDir, 'mcp', 'servers.json'), JSON.stringify({ version: 1, servers, approvals: {} }), { mode: 0o600 })
  }
})

beforeAll(() => page.getByTestId('server-list-item').first().waitFor())

const row = (name: string) => page.locator(`[data-testid="server-list-item"][data-server-name="${name}"]`)
const rendered = () => page.getByTestId('server-list-item').count()
const savedNames = (): string[] =>
  (JSON.parse(readFileSync(join(app.userDataDir, 'mcp', 'servers.json'), 'utf8')) as { servers: Array<{ name: string }> }).servers.map((s) => s.name)
/** the row lies wholly inside the window */
const onScreen = (name: string) =>
  row(name).evaluate((el) => {
    const r = el.getBoundingClientRect()
    // a pixel of rounding either way
    return r.top >= -1 && r.bottom <= window.innerHeight + 1
  })
const focusedRow = () => page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-testid="server-list-item"]')?.dataset.serverName)
const toTop = () => page.evaluate(() => window.scrollTo(0, 0))

async function snap(name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)
  )
  await page.screenshot({ path: join(ARTIFACTS, name) })
}

describe('a list of 2,000 servers in a real browser', () => {
  it('shows the first rows with only the rows near the screen in the page, statuses and tags included', async () => {
    expect(await page.getByTestId('server-rows').getAttribute('data-count')).toBe(String(COUNT))
    expect(await rendered()).toBeLessThan(40)
    expect(await row(nameOf(5)).getByTestId('server-needs-approval').count()).toBe(1)
    expect(await row(nameOf(0)).getByText('notes', { exact: true }).count()).toBe(1)
    expect(await page.getByTestId('app-info').count()).toBe(0)
    await snap('servers-many-light.png')
  })

  it('scrolls to the end: the last server shows, and still only a few rows are in the page', async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await row(nameOf(COUNT - 1)).waitFor()
    await expect.poll(() => onScreen(nameOf(COUNT - 1))).toBe(true)
    expect(await rendered()).toBeLessThan(40)
    await toTop()
    await row(nameOf(0)).waitFor()
  })

  it('/ focuses the search; a server far down is found by name, description or tag', async () => {
    // from a control that takes no text (the language switch): the key is the shortcut
    await page.getByTestId('language-select').getByText('English', { exact: true }).click()
    await page.keyboard.press('/')
    await page.keyboard.type(nameOf(1500))
    await expect.poll(() => page.getByTestId('server-list-item').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.serverName))).toEqual([nameOf(1500)])
    await page.getByTestId('server-search').getByRole('searchbox').fill('team 1998')
    await expect.poll(() => page.getByTestId('server-list-item').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.serverName))).toEqual([nameOf(1998)])
    await page.getByTestId('server-search').getByRole('searchbox').fill('')
    await row(nameOf(0)).waitFor()
  })

  it('Alt+Down moves a row past the bottom of the screen: it is scrolled into view, keeps the focus, and the order is saved', async () => {
    await toTop()
    // the last row wholly on screen
    const last = await page.getByTestId('server-list-item').evaluateAll((rows) =>
      rows
        .filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight)
        .map((r) => (r as HTMLElement).dataset.serverName!)
        .at(-1)
    )
    expect(last).toBeTruthy()
    const from = savedNames().indexOf(last!)
    await row(last!).getByTestId('server-drag-handle').focus()
    for (let step = 1; step <= 6; step++) {
      await page.keyboard.press('Alt+ArrowDown')
      await expect.poll(() => page.getByTestId('server-list-item').evaluateAll((rows, name) => rows.find((r) => (r as HTMLElement).dataset.serverName === name)?.getAttribute('aria-posinset'), last)).toBe(String(from + 1 + step))
    }
    await expect.poll(() => onScreen(last!)).toBe(true)
    expect(await focusedRow()).toBe(last)
    await expect.poll(() => savedNames().indexOf(last!), { timeout: 10_000 }).toBe(from + 6)
    // and back up with Alt+Up, the focus still on it
    await page.keyboard.press('Alt+ArrowUp')
    await expect.poll(() => savedNames().indexOf(last!), { timeout: 10_000 }).toBe(from + 5)
    expect(await focusedRow()).toBe(last)
  })

  it('drags a row with the pointer onto another among the rendered rows', async () => {
    await toTop()
    const first = nameOf(0)
    const handle = await row(first).getByTestId('server-drag-handle').boundingBox()
    const target = await row(nameOf(2)).boundingBox()
    expect(handle && target).toBeTruthy()
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2)
    await page.mouse.down()
    try {
      // in steps, as a hand moves: dnd-kit starts after a few pixels and follows the pointer
      await page.mouse.move(handle!.x + handle!.width / 2, target!.y + target!.height * 0.75, { steps: 12 })
      await expect.poll(() => row(first).getByTestId('server-drag-handle').getAttribute('aria-pressed')).toBe('true')
    } finally {
      await page.mouse.up()
    }
    await expect.poll(() => savedNames().slice(0, 3), { timeout: 10_000 }).toEqual([nameOf(1), nameOf(2), first])
  })

  it('the keyboard drag of dnd-kit (Space, arrows, Space) works in the long list too', async () => {
    await toTop()
    const picked = savedNames()[0]
    const handle = row(picked).getByTestId('server-drag-handle')
    await handle.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true')
    // dnd-kit listens for the arrows a tick after the pick-up shows: press until it is over position 2
    const over = page.getByText(`${picked} is over position 2.`)
    await expect
      .poll(async () => {
        if (await over.count()) return true
        await page.keyboard.press('ArrowDown')
        return (await over.count()) > 0
      }, { timeout: 10_000 })
      .toBe(true)
    await page.keyboard.press('Space')
    await expect.poll(() => savedNames().indexOf(picked), { timeout: 10_000 }).toBe(1)
  })

  it('dark theme', async () => {
    await toTop()
    await page.getByTestId('theme-select').getByText('Dark', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await snap('servers-many-dark.png')
  })

  it('the empty import dialog: no error before typing, an example that says it is one, the button not counting 0', async () => {
    for (const theme of ['Dark', 'Light']) {
      await page.getByTestId('theme-select').getByText(theme, { exact: true }).click()
      await chooseAddMenuItem(page, 'add-menu-import')
      const editor = page.getByTestId('import-editor')
      await editor.locator('.cm-placeholder').waitFor()
      await dialogsSettled(page)
      expect(await editor.locator('.cm-placeholder').innerText()).toMatch(/^Paste the JSON here, or open a file\. For example:/)
      expect(await page.getByTestId('import-submit').innerText()).toBe('Add servers')
      expect(await page.getByTestId('import-submit').isDisabled()).toBe(true)
      await snap(`import-empty-${theme.toLowerCase()}.png`)
      // the syntax check comes with typing, and goes when the editor is empty again
      await editor.locator('.cm-content').click()
      // (the editor closes brackets and quotes: this is `{"a"}`, not JSON)
      await page.keyboard.type('{"a"')
      await editor.locator('.cm-lint-marker-error').waitFor()
      await page.keyboard.press('Control+a')
      await page.keyboard.press('Delete')
      await editor.locator('.cm-lint-marker-error').waitFor({ state: 'detached' })
      expect(await page.getByTestId('import-error').count()).toBe(0)
      await page.getByTestId('import-cancel').click()
      await page.getByTestId('import-dialog').waitFor({ state: 'detached' })
    }
  })

  it('Ctrl+S saves the editor where the user types', async () => {
    await toTop()
    const name = savedNames()[3]
    await row(name).getByTestId('server-edit').click()
    const description = page.getByTestId('editor-description')
    await description.fill('saved with Ctrl+S')
    await page.keyboard.press('Control+s')
    await expect
      .poll(() => (JSON.parse(readFileSync(join(app.userDataDir, 'mcp', 'servers.json'), 'utf8')) as { servers: Array<{ name: string; ui?: { description?: string } }> }).servers.find((s) => s.name === name)?.ui?.description, { timeout: 10_000 })
      .toBe('saved with Ctrl+S')
    await page.getByTestId('editor-back').click()
    await page.getByTestId('server-list').waitFor()
  })

  it('logged no console errors, page errors or CSP violations', () => {
    expect(problems).toEqual([])
  })
})
