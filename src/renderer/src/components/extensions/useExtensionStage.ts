import { useCallback, useEffect, useRef, useState } from 'react'
import type { ExtensionPreview, OpenedExtensionFile } from '@shared/mcp/extensions'
import type { RegistryBundleRef } from './registryBundleRef'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { readFileBase64 } from './readArchive'

export type StageState =
  | { step: 'choose'; error?: AppError; fileName?: string }
  | { step: 'staging'; fileName: string; progress?: { received: number; total?: number } }
  | { step: 'review'; preview: ExtensionPreview }

/**
 * One archive from file to a staged preview: read, uploaded to main (extensions:stage), checked
 * there. Cancel at any point leaves nothing staged: a preview that arrives after a cancel is
 * discarded at once, and so is the one on screen when the dialog goes.
 */
export function useExtensionStage() {
  const api = useApi()
  const [state, setState] = useState<StageState>({ step: 'choose' })
  const run = useRef<AbortController | null>(null)
  const staged = useRef<string | null>(null)

  const discard = useCallback(() => {
    const stageId = staged.current
    staged.current = null
    if (stageId) void api.extensions.discard({ stageId }).catch(() => undefined)
  }, [api])

  const cancel = useCallback(() => {
    run.current?.abort()
    run.current = null
    discard()
    setState({ step: 'choose' })
  }, [discard])

  /** one staging run: `load` sends the archive to main; a cancel meanwhile discards what comes back */
  const runStage = useCallback(
    async (fileName: string, load: (signal: AbortSignal) => Promise<ExtensionPreview | undefined>) => {
      cancel()
      const controller = new AbortController()
      run.current = controller
      setState({ step: 'staging', fileName })
      try {
        const preview = await load(controller.signal)
        if (!preview) return
        if (controller.signal.aborted) return void api.extensions.discard({ stageId: preview.stageId }).catch(() => undefined)
        staged.current = preview.stageId
        setState({ step: 'review', preview })
      } catch (error) {
        if (!controller.signal.aborted) setState({ step: 'choose', fileName, error: describeError(error) })
      } finally {
        if (run.current === controller) run.current = null
      }
    },
    [api, cancel]
  )

  /** a file chosen or dropped in the window: its bytes go to main */
  const stage = useCallback(
    (file: File) =>
      runStage(file.name, async (signal) => {
        const dataBase64 = await readFileBase64(file, signal)
        if (signal.aborted) return undefined
        return api.extensions.stage({ fileName: file.name, dataBase64 })
      }),
    [api, runStage]
  )

  /** a file the operating system opened the app with: main reads it itself */
  const stageOpened = useCallback(
    (opened: OpenedExtensionFile) => runStage(opened.fileName, () => api.extensions.stageOpened({ openedId: opened.openedId })),
    [api, runStage]
  )

  /** a registry entry's bundle: main downloads it (progress shown), checks its checksum, stages it; a cancel stops the download */
  const stageBundle = useCallback(
    (bundle: RegistryBundleRef) =>
      runStage(bundle.name, async (signal) => {
        const downloadId = crypto.randomUUID()
        const off = api.on('discovery:bundle-progress', (event) => {
          if (event.downloadId !== downloadId) return
          setState((now) => (now.step === 'staging' ? { ...now, progress: { received: event.received, total: event.total } } : now))
        })
        const stop = () => void api.discovery.cancelBundle({ downloadId }).catch(() => undefined)
        signal.addEventListener('abort', stop)
        try {
          return await api.discovery.stageBundle({ ...bundle, downloadId })
        } finally {
          off()
          signal.removeEventListener('abort', stop)
        }
      }),
    [api, runStage]
  )

  /** installed: main took the stage over, nothing to discard */
  const installed = useCallback(() => {
    staged.current = null
  }, [])

  // the dialog closed (or the page went): nothing stays staged
  useEffect(() => cancel, [cancel])

  return { state, stage, stageOpened, stageBundle, cancel, installed }
}
