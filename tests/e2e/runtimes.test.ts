import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { appSession } from './support/appSession'
import { ARTIFACTS } from './support/browserApp'

// the README shows it
const DOCS = resolve('docs/screenshots')

let page: Page
let problems: string[]
appSession((session) => ({ page, problems } = session))

const folder = mkdtempSync(join(tmpdir(), 'mcp-e2e-uv-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** a uv of the user's own, somewhere off the PATH */
function myUv(): string {
  const file = join(folder, 'uv')
  execFileSync('/bin/sh', ['-c', 'printf "%s\\n" "$1" > "$2" && chmod 755 "$2"', 'sh', '#!/bin/sh\necho "uv 0.6.2"', file])
  return file
}

async function pick(testId: string, label: string) {
  await page.getByTestId(testId).getByText(label, { exact: true }).click()
}

async function snap(path: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  await page.screenshot({ path, fullPage: true })
}

describe('Settings → Runtimes in a real browser', () => {
  it('shows the Node.js the app runs with; a uv path set by hand is checked by main, then used', async () => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('runtimes-section').waitFor()
    expect(new URL(page.url()).hash).toBe('#page=settings')
    // the tests run on Node: the login shell's PATH has it
    const node = page.getByTestId('runtime-node')
    await expect.poll(() => node.getByTestId('runtime-node-status').textContent()).toBe('Found')
    expect(await node.getByTestId('runtime-node-version').textContent()).toMatch(/^Version \d+\.\d+\.\d+$/)

    const uv = page.getByTestId('runtime-uv')
    await uv.getByTestId('runtime-path-uv').fill('uv')
    await uv.getByTestId('runtime-path-uv').press('Enter')
    await uv.getByTestId('runtime-path-uv-error').getByText('"uv" is not an absolute path', { exact: false }).waitFor()
    await uv.getByTestId('runtime-path-uv').fill(myUv())
    await uv.getByTestId('runtime-path-uv-save').click()
    await uv.getByTestId('runtime-uv-version').getByText('Version 0.6.2').waitFor()
    expect(await uv.getByTestId('runtime-uv-path').textContent()).toBe(join(folder, 'uv'))
    // the "saved" toast said its piece
    await page.locator('.ant-message-notice').waitFor({ state: 'detached' })
    await snap(join(DOCS, 'runtimes.png'))

    // Chinese and dark, looked at as an artifact
    await pick('theme-select', 'Dark')
    await pick('language-select', '简体中文')
    await page.getByTestId('runtimes-section').getByText('运行环境', { exact: true }).waitFor()
    await snap(join(ARTIFACTS, 'runtimes-zh-dark.png'))
    await pick('language-select', 'English')
    await pick('theme-select', 'Light')
    expect(problems).toEqual([])
  })
})
