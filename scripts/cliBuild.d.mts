import type { Plugin } from 'vite'

export const CLI_ENTRY: string
export const CLI_SOURCES: string
export function cliSourcesPlugin(root: string): Plugin
export function cliBuildProblem(root: string): string | undefined
