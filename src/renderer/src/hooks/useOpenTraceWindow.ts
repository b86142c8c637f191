import { useCallback } from 'react'
import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import { useApi } from '@renderer/context/ApiContext'

/**
 * Opens the Trace window, on one call's trace when given its id. Electron makes a real window in main; browser mode cannot, so main hands
 * back the page's URL and a new tab opens it (noopener: the Trace page needs no handle on this one).
 */
export function useOpenTraceWindow(): (traceId?: string) => Promise<void> {
  const api = useApi()
  const { message } = App.useApp()
  const { t } = useTranslation()
  return useCallback(
    async (traceId?: string) => {
      try {
        const result = await api.app.openTraceWindow(traceId ? { traceId } : undefined)
        if (!result.opened && result.url) window.open(result.url, '_blank', 'noopener')
      } catch (error) {
        void message.error(t('nav.traceOpenFailed', { message: (error as Error).message }))
      }
    },
    [api, message, t]
  )
}
