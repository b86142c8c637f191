// One file per screen area, so work on different screens never touches the same file.
// Each file owns its own top-level keys.
import { CATALOGUE_TEXT_EN } from '@shared/mcp/catalogueText'
import catalogue from './catalogue.json'
import chat from './chat.json'
import chatSettings from './chatSettings.json'
import dialogs from './dialogs.json'
import discovery from './discovery.json'
import editor from './editor.json'
import errors from './errors.json'
import installs from './installs.json'
import messages from './messages.json'
import providers from './providers.json'
import resultSecrets from './resultSecrets.json'
import runtimes from './runtimes.json'
import servers from './servers.json'
import shell from './shell.json'
import tools from './tools.json'
import trace from './trace.json'

// catalogueEntries: the built-ins' and presets' English, kept in shared code because the CLI prints it too
export default { ...shell, ...servers, ...editor, ...messages, ...tools, ...dialogs, ...errors, ...installs, ...catalogue, ...trace, ...chat, ...chatSettings, ...providers, ...resultSecrets, ...runtimes, ...discovery, catalogueEntries: CATALOGUE_TEXT_EN }
