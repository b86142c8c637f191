import { Button, Flex, Space, Typography } from 'antd'
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ToolCallState } from '@renderer/hooks/useToolCall'
import { Elapsed } from './Elapsed'
import { runShortcutKeys } from './runShortcut'

/** The runner's footer: elapsed time, and Cancel, Close and Run (with its keyboard shortcut). */
export function RunnerFooter({
  state,
  onRun,
  onCancel,
  onClose
}: {
  state: ToolCallState
  onRun: () => void
  onCancel: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const running = state.status === 'running'
  const keys = runShortcutKeys()
  return (
    <Flex justify="space-between" align="center" gap={8}>
      {state.status === 'idle' ? <span /> : <Elapsed startedAt={running ? state.startedAt : undefined} elapsedMs={running ? undefined : state.elapsedMs} />}
      <Space>
        <Typography.Text type="secondary" title={t('runner.shortcut', { keys: keys.join('+') })} data-testid="runner-shortcut">
          {keys.map((key) => (
            <Typography.Text key={key} keyboard>
              {key}
            </Typography.Text>
          ))}
        </Typography.Text>
        {running ? (
          <Button danger icon={<StopOutlined />} onClick={onCancel} data-testid="runner-cancel">
            {t('runner.cancel')}
          </Button>
        ) : null}
        <Button onClick={onClose} data-testid="runner-close">
          {t('runner.close')}
        </Button>
        <Button
          type="primary"
          icon={<PlayCircleOutlined />}
          loading={running}
          onClick={onRun}
          aria-keyshortcuts={keys.join('+').replace('⌘', 'Meta').replace('Ctrl', 'Control')}
          data-testid="runner-run"
        >
          {running ? t('runner.running') : t('runner.run')}
        </Button>
      </Space>
    </Flex>
  )
}
