import { HistoryOutlined } from '@ant-design/icons'
import { Button, Collapse, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { RunOutcome, RunRecord } from '@renderer/store/runHistory'

const OUTCOME_COLOR: Record<RunOutcome, string> = { ok: 'success', error: 'error', failed: 'error', cancelled: 'default' }

const timeOf = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** The tool's last runs in this window: when, how it ended, what was sent; Fill in or Run again. */
export function RunHistory({ runs, disabled, onFill, onRun }: { runs: readonly RunRecord[]; disabled: boolean; onFill: (args: Record<string, unknown>) => void; onRun: (args: Record<string, unknown>) => void }) {
  const { t } = useTranslation()
  if (!runs.length) return null
  return (
    <Collapse
      size="small"
      data-testid="run-history"
      items={[
        {
          key: 'history',
          label: (
            <Flex gap={6} align="center">
              <HistoryOutlined />
              {t('runner.history.title', { count: runs.length })}
            </Flex>
          ),
          children: (
            <Flex vertical gap={6}>
              {runs.map((run) => {
                const args = JSON.stringify(run.args)
                return (
                  <Flex key={run.at} gap={8} align="center" data-testid="run-history-item" data-outcome={run.outcome}>
                    <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
                      {timeOf(run.at)}
                    </Typography.Text>
                    <Tag color={OUTCOME_COLOR[run.outcome]} style={{ flexShrink: 0 }}>
                      {t(`runner.history.outcome.${run.outcome}`)}
                    </Tag>
                    <Typography.Text code ellipsis={{ tooltip: args }} style={{ flex: 1, minWidth: 0 }}>
                      {args}
                    </Typography.Text>
                    <Button size="small" onClick={() => onFill(run.args)} disabled={disabled} data-testid="run-history-fill">
                      {t('runner.history.fill')}
                    </Button>
                    <Button size="small" type="primary" ghost onClick={() => onRun(run.args)} disabled={disabled} data-testid="run-history-again">
                      {t('runner.history.again')}
                    </Button>
                  </Flex>
                )
              })}
            </Flex>
          )
        }
      ]}
    />
  )
}
