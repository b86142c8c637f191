import { App, Flex, Select, Tooltip, Typography } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SYSLOG_LEVELS, type SyslogLevel } from '@shared/mcp/logs'
import type { McpServer } from '@shared/mcp/server'
import { useServerSession } from '@renderer/hooks/useServerSession'
import { useSetLogLevelMutation } from '@renderer/store/mainApi'
import { errorMessage } from '@renderer/hooks/useServerLists'

/**
 * The level the server itself should log at (logging/setLevel). Main keeps it for the session, so
 * it shows what was asked even after the tab was closed; disabled, saying why, while the server is
 * not running or when it offers no logging.
 */
export function LogLevelControl({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const session = useServerSession(server.id)
  const [setLogLevel, { isLoading: busy }] = useSetLogLevelMutation()
  const labelId = useId()
  const why = !session?.connected
    ? t('editor.logs.serverLevelOffline')
    : !session.capabilities?.logging
      ? t('editor.logs.serverLevelUnsupported')
      : undefined

  const change = async (level: SyslogLevel) => {
    try {
      await setLogLevel({ serverId: server.id, level }).unwrap()
      void message.success(t('editor.logs.serverLevelSet', { name: server.name, level: t(`editor.logs.level.${level}`) }))
    } catch (error) {
      void message.error(t('editor.logs.serverLevelFailed', { message: errorMessage(error) }))
    }
  }

  return (
    <Flex align="center" gap="small">
      <Typography.Text id={labelId}>{t('editor.logs.serverLevel')}</Typography.Text>
      <Tooltip title={why ?? t('editor.logs.serverLevelHint')} trigger={['hover', 'focus']}>
        {/* a disabled select takes neither pointer nor focus: the wrapper carries the reason, for the keyboard too */}
        <span data-testid="logs-server-level-wrap" data-reason={why ?? ''} tabIndex={why ? 0 : undefined} aria-label={why}>
          <Select<SyslogLevel>
            aria-labelledby={labelId}
            data-testid="logs-server-level"
            style={{ minWidth: 150 }}
            size="small"
            disabled={why !== undefined || busy}
            loading={busy}
            value={session?.logLevel}
            placeholder={t('editor.logs.serverLevelDefault')}
            onChange={(level) => void change(level)}
            options={SYSLOG_LEVELS.map((level) => ({ value: level, label: t(`editor.logs.level.${level}`) }))}
          />
        </span>
      </Tooltip>
    </Flex>
  )
}
