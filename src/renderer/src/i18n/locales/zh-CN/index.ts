// One file per screen area, so work on different screens never touches the same file.
// Each file owns its own top-level keys.
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

export default { ...shell, ...servers, ...editor, ...messages, ...tools, ...dialogs, ...errors, ...installs, ...catalogue, ...trace, ...chat, ...chatSettings, ...providers, ...resultSecrets, ...runtimes, ...discovery }
