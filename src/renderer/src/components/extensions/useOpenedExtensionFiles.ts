import type { OpenedExtensionFile } from '@shared/mcp/extensions'
import { useMainInbox } from '@renderer/hooks/useMainInbox'

/**
 * The extension files the operating system opened the app with (a double-click on a .mcpb/.dxt,
 * Electron), oldest first: what main's inbox holds, taken at start and whenever main says one
 * came. `done` moves on to the next. Browser mode never has any.
 */
export function useOpenedExtensionFiles(): { file: OpenedExtensionFile | undefined; done: () => void } {
  const { first, done } = useMainInbox((api) => api.extensions.takeOpened(), 'extensions:files-opened')
  return { file: first, done }
}
