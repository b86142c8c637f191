import { DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, SearchOutlined } from '@ant-design/icons'
import { Button, Checkbox, Flex, Input, Popconfirm, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ServerName } from '@renderer/hooks/useServerNames'
import { TraceExportButton } from './TraceExportDialog'

export interface TraceFilterState {
  serverId?: string
  tool?: string
  errorsOnly: boolean
  /** lists and pings hidden (on by default: they are most of the traffic) */
  callsOnly: boolean
  search: string
}

/**
 * The list's filters (server, tool, calls only, errors only, search), Pause / Resume recording, Export (the
 * OTLP setting) and Clear, which forgets every trace.
 */
export function TraceToolbar({
  filter,
  onChange,
  servers,
  tools,
  recording,
  onRecording,
  onClear
}: {
  filter: TraceFilterState
  onChange: (next: TraceFilterState) => void
  servers: readonly ServerName[]
  tools: readonly string[]
  /** whether new operations are traced; undefined until main said */
  recording: boolean | undefined
  onRecording: (on: boolean) => void
  onClear: () => void
}) {
  const { t } = useTranslation()
  const recordingLabel = recording === false ? t('trace.recording.resume') : t('trace.recording.pause')
  return (
    <Flex gap="small" wrap align="center" role="search" aria-label={t('trace.filters.label')} data-testid="trace-toolbar">
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 180 }}
        aria-label={t('trace.filters.server')}
        placeholder={t('trace.filters.allServers')}
        value={filter.serverId}
        onChange={(serverId?: string) => onChange({ ...filter, serverId })}
        options={servers.map((server) => ({ value: server.id, label: server.name }))}
        data-testid="trace-filter-server"
      />
      <Select
        allowClear
        showSearch
        style={{ minWidth: 180 }}
        aria-label={t('trace.filters.tool')}
        placeholder={t('trace.filters.allTools')}
        value={filter.tool}
        onChange={(tool?: string) => onChange({ ...filter, tool })}
        options={tools.map((tool) => ({ value: tool, label: tool }))}
        data-testid="trace-filter-tool"
      />
      <Checkbox checked={filter.callsOnly} onChange={(event) => onChange({ ...filter, callsOnly: event.target.checked })} data-testid="trace-filter-calls">
        {t('trace.filters.callsOnly')}
      </Checkbox>
      <Checkbox checked={filter.errorsOnly} onChange={(event) => onChange({ ...filter, errorsOnly: event.target.checked })} data-testid="trace-filter-errors">
        {t('trace.filters.errorsOnly')}
      </Checkbox>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        style={{ width: 260 }}
        placeholder={t('trace.filters.search')}
        aria-label={t('trace.filters.search')}
        value={filter.search}
        onChange={(event) => onChange({ ...filter, search: event.target.value })}
        data-testid="trace-search"
      />
      <Button
        icon={recording === false ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
        disabled={recording === undefined}
        aria-label={recordingLabel}
        onClick={() => onRecording(!recording)}
        data-testid="trace-recording"
        data-recording={recording === undefined ? undefined : String(recording)}
      >
        {recordingLabel}
      </Button>
      <TraceExportButton />
      <Popconfirm title={t('trace.filters.clearConfirm')} okText={t('trace.filters.clearOk')} cancelText={t('trace.filters.cancel')} onConfirm={onClear}>
        <Button icon={<DeleteOutlined />} data-testid="trace-clear">
          {t('trace.filters.clear')}
        </Button>
      </Popconfirm>
    </Flex>
  )
}
