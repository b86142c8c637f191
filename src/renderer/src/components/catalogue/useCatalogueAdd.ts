import { App } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { serverFromEntry, type CatalogueEntry, type CatalogueKey } from '@shared/mcp/serverCatalogue'
import { describeError, errorLine, type AppError } from '@renderer/components/errors/describeError'
import { useApi } from '@renderer/context/ApiContext'
import { useAddServersMutation } from '@renderer/store/mainApi'

/**
 * Adds a catalogue entry to main's list. A built-in is switched on at once (it needs no approval);
 * a preset is added switched off and goes through the normal approval when the user starts it. A
 * folder entry asks for its folder first: Electron's own picker, or a path field where there is none.
 */
export function useCatalogueAdd() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const api = useApi()
  const [addServers] = useAddServersMutation()
  const [busy, setBusy] = useState<CatalogueKey | null>(null)
  /** the entry waiting for a typed folder path (browser mode) */
  const [askingFolder, setAskingFolder] = useState<CatalogueEntry | null>(null)

  /** Adds it; a refusal is a toast, or, with `keepError`, returned for the folder field to show. */
  const add = async (entry: CatalogueEntry, folder?: string, keepError = false): Promise<AppError | undefined> => {
    const title = t(`catalogueEntries.${entry.key}.title`)
    setBusy(entry.key)
    try {
      const server = serverFromEntry(entry, { id: crypto.randomUUID(), description: t(`catalogueEntries.${entry.key}.description`), folder })
      // a built-in runs nothing that needs approval: added switched on, main starts it (a start
      // error shows on its row, like any server's)
      const builtin = entry.kind === 'builtin'
      await addServers([{ ...server, isActive: builtin }]).unwrap()
      if (builtin) {
        void message.success(t('catalogue.addedBuiltin', { name: title }))
      } else {
        void message.success(t('catalogue.addedPreset', { name: title }))
      }
    } catch (error) {
      if (keepError) return describeError(error)
      void message.error(t('catalogue.addFailed', { name: title, message: errorLine(t, describeError(error)) }))
    } finally {
      setBusy(null)
    }
  }

  const request = async (entry: CatalogueEntry) => {
    if (entry.needs !== 'folder') return add(entry)
    let picked
    // the native dialog is open meanwhile: a second click must not open another
    setBusy(entry.key)
    try {
      picked = await api.app.pickFolder()
    } catch (error) {
      void message.error(t('catalogue.addFailed', { name: t(`catalogueEntries.${entry.key}.title`), message: errorLine(t, describeError(error)) }))
      return
    } finally {
      setBusy(null)
    }
    if (picked.status === 'unavailable') setAskingFolder(entry)
    else if (picked.status === 'picked') void (await add(entry, picked.path))
  }

  return {
    busy,
    askingFolder,
    request: (entry: CatalogueEntry) => void request(entry),
    /** main checks the folder: a refusal (one that does not exist) stays in the dialog, under the field */
    submitFolder: async (folder: string): Promise<AppError | undefined> => {
      const entry = askingFolder
      if (!entry) return undefined
      const refused = await add(entry, folder, true)
      if (!refused) setAskingFolder(null)
      return refused
    },
    cancelFolder: () => setAskingFolder(null)
  }
}
