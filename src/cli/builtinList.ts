import { CATALOGUE_TEXT_EN } from '@shared/mcp/catalogueText'
import { builtinCatalogue } from '@shared/mcp/serverCatalogue'
import { out, outJson } from './output'

/** `servers --builtin`: the servers MCP Studio runs in its own process, from the app's own catalogue. */
export async function listBuiltins(asJson: boolean): Promise<void> {
  const builtins = builtinCatalogue().map((entry) => ({
    name: entry.server.name,
    title: CATALOGUE_TEXT_EN[entry.key].title,
    description: CATALOGUE_TEXT_EN[entry.key].description,
    args: entry.takes.args ?? null,
    env: entry.takes.env ?? null
  }))
  if (asJson) return outJson(builtins)
  const blocks = builtins.map((b) =>
    [`${b.name}\t${b.title}`, `  ${b.description}`, `  args: ${b.args ?? 'none'}`, ...(b.env ? [`  env: ${b.env}`] : [])].join('\n')
  )
  const example = JSON.stringify({ mcpServers: { [builtins[0].name]: { type: 'inMemory' } } })
  await out(`${blocks.join('\n\n')}\n\nin a --config file, by name: ${example}`)
}
