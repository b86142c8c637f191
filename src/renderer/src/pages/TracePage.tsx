import { Alert, App, Button, Empty, Layout, theme } from 'antd'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TRACE_ATTR } from '@shared/trace/spans'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { TopBar } from '@renderer/components/layout/TopBar'
import { TraceDetail } from '@renderer/components/trace/TraceDetail'
import { TraceEmpty } from '@renderer/components/trace/TraceEmpty'
import { traceIdFromLocation } from '@renderer/components/trace/traceLink'
import { TraceList } from '@renderer/components/trace/TraceList'
import { TraceToolbar, type TraceFilterState } from '@renderer/components/trace/TraceToolbar'
import { useApi } from '@renderer/context/ApiContext'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'
import { useServerNames } from '@renderer/hooks/useServerNames'
import { useTraceList } from '@renderer/hooks/useTraceList'
import { useTraceRecording } from '@renderer/hooks/useTraceRecording'

/**
 * The Trace window: recent operations on the left (filters, search, Pause, Clear), the chosen
 * one's waterfall and span details on the right. Opened from a call's link, it starts on that trace.
 */
export function TracePage() {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const api = useApi()
  const { message } = App.useApp()
  useDocumentTitle(t('trace.windowTitle'))
  const [filter, setFilter] = useState<TraceFilterState>({ errorsOnly: false, callsOnly: true, search: '' })
  const search = useDeferredValue(filter.search)
  const { traces, loading, error, reload } = useTraceList({
    serverId: filter.serverId,
    tool: filter.tool,
    errorsOnly: filter.errorsOnly || undefined,
    callsOnly: filter.callsOnly || undefined,
    search: search.trim() || undefined
  })
  const [selectedId, setSelectedId] = useState(() => traceIdFromLocation())
  const servers = useServerNames()
  const tools = useMemo(() => {
    const names = new Set(traces.flatMap((summary) => (typeof summary.root.attributes[TRACE_ATTR.tool] === 'string' ? [summary.root.attributes[TRACE_ATTR.tool] as string] : [])))
    if (filter.tool) names.add(filter.tool)
    return [...names].sort()
  }, [traces, filter.tool])
  const filtered = !!(filter.serverId || filter.tool || filter.errorsOnly || search.trim())

  const recording = useTraceRecording()
  const setRecording = (on: boolean) => {
    recording.set(on).catch((failure: unknown) => void message.error(t('trace.recording.failed', { message: describeError(failure).message })))
  }

  const clear = () => {
    api.trace.clear().then(
      () => setSelectedId(undefined),
      (failure: unknown) => void message.error(errorLine(t, describeError(failure)))
    )
  }

  const nothing = !loading && !error && !traces.length
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <TopBar title={t('trace.title')} />
      <Layout.Content style={{ padding: token.paddingLG, display: 'flex', flexDirection: 'column', gap: token.margin }}>
        <TraceToolbar filter={filter} onChange={setFilter} servers={servers} tools={tools} recording={recording.on} onRecording={setRecording} onClear={clear} />
        {recording.on === false ? (
          <Alert
            type="warning"
            showIcon
            title={t('trace.recording.paused')}
            action={<Button onClick={() => setRecording(true)}>{t('trace.recording.resume')}</Button>}
            data-testid="trace-paused"
          />
        ) : null}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={t('trace.loadFailed', { message: describeError(error).message })}
            action={<Button onClick={reload}>{t('trace.retry')}</Button>}
            data-testid="trace-load-error"
          />
        ) : null}
        {nothing && !filtered && !selectedId ? (
          <TraceEmpty routineHidden={filter.callsOnly} />
        ) : (
          <div style={{ display: 'flex', gap: token.margin, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <div style={{ flex: '1 1 320px', maxWidth: 420, minWidth: 280 }}>
              {nothing ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('trace.noMatch') : t('trace.emptyTitle')} data-testid="trace-no-match" />
              ) : (
                <TraceList traces={traces} selectedId={selectedId} onSelect={setSelectedId} />
              )}
            </div>
            <div style={{ flex: '3 1 480px', minWidth: 0 }}>
              {selectedId ? (
                <TraceDetail traceId={selectedId} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trace.detail.pick')} data-testid="trace-pick" />
              )}
            </div>
          </div>
        )}
      </Layout.Content>
    </Layout>
  )
}
