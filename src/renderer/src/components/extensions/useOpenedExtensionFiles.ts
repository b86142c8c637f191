import { useCallback, useEffect, useState } from 'react'
import type { OpenedExtensionFile } from '@shared/mcp/extensions'
import { useApi } from '@renderer/context/ApiContext'

/**
 * The extension files the operating system opened the app with (a double-click on a .mcpb/.dxt,
 * Electron), oldest first: what main's inbox holds, taken at start and whenever main says one
 * came. `done` moves on to the next. Browser mode never has any.
 */
export function useOpenedExtensionFiles(): { file: OpenedExtensionFile | undefined; done: () => void } {
  const api = useApi()
  const [queue, setQueue] = useState<OpenedExtensionFile[]>([])

  useEffect(() => {
    // main hands each file out once: what comes back is kept even if this effect was re-run meanwhile
    const take = () =>
      void api.extensions.takeOpened().then(
        (files) => files.length > 0 && setQueue((waiting) => [...waiting, ...files]),
        () => undefined
      )
    take()
    return api.on('extensions:files-opened', take)
  }, [api])

  const done = useCallback(() => setQueue((waiting) => waiting.slice(1)), [])
  return { file: queue[0], done }
}
