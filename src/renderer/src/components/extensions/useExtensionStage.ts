import { useCallback, useEffect, useRef, useState } from 'react'
import type { ExtensionPreview } from '@shared/mcp/extensions'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { readFileBase64 } from './readArchive'

export type StageState =
  | { step: 'choose'; error?: AppError; fileName?: string }
  | { step: 'staging'; fileName: string }
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

  const stage = useCallback(
    async (file: File) => {
      cancel()
      const controller = new AbortController()
      run.current = controller
      setState({ step: 'staging', fileName: file.name })
      try {
        const dataBase64 = await readFileBase64(file, controller.signal)
        if (controller.signal.aborted) return
        const preview = await api.extensions.stage({ fileName: file.name, dataBase64 })
        if (controller.signal.aborted) return void api.extensions.discard({ stageId: preview.stageId }).catch(() => undefined)
        staged.current = preview.stageId
        setState({ step: 'review', preview })
      } catch (error) {
        if (!controller.signal.aborted) setState({ step: 'choose', fileName: file.name, error: describeError(error) })
      } finally {
        if (run.current === controller) run.current = null
      }
    },
    [api, cancel]
  )

  /** installed: main took the stage over, nothing to discard */
  const installed = useCallback(() => {
    staged.current = null
  }, [])

  // the dialog closed (or the page went): nothing stays staged
  useEffect(() => cancel, [cancel])

  return { state, stage, cancel, installed }
}
