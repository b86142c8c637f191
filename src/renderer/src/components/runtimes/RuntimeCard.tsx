import { Alert, Card, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { RUNTIME_COMMANDS, RUNTIME_HOME, RUNTIME_LABEL, type RuntimeStatus } from '@shared/mcp/runtimeOf'
import { ExternalLink } from '@renderer/components/results/ExternalLink'
import { RuntimePathField } from './RuntimePathField'

/** One runtime: found (path, version, where from) or missing (which servers need it, where to get it), and its path field. */
export function RuntimeCard({ runtime, onSetPath }: { runtime: RuntimeStatus; onSetPath: (path: string | null) => Promise<void> }) {
  const { t } = useTranslation()
  const name = RUNTIME_LABEL[runtime.runtime]
  const testId = `runtime-${runtime.runtime}`
  return (
    <Card
      size="small"
      data-testid={testId}
      data-found={runtime.found}
      title={
        <Flex align="center" gap="small">
          <span>{name}</span>
          <Tag color={runtime.found ? 'success' : 'warning'} data-testid={`${testId}-status`}>
            {t(runtime.found ? 'runtimes.found' : 'runtimes.missing')}
          </Tag>
        </Flex>
      }
    >
      <Flex vertical gap="small">
        {runtime.found ? (
          <Flex gap="small" wrap align="center">
            <Typography.Text code data-testid={`${testId}-path`}>
              {runtime.path}
            </Typography.Text>
            <Typography.Text type="secondary" data-testid={`${testId}-version`}>
              {runtime.version ? t('runtimes.version', { version: runtime.version }) : t('runtimes.versionUnknown')}
            </Typography.Text>
            {runtime.source ? <Tag>{t(`runtimes.sources.${runtime.source}`)}</Tag> : null}
          </Flex>
        ) : (
          <Flex gap="small" wrap align="center">
            <Typography.Text type="secondary">{t('runtimes.needsIt', { commands: RUNTIME_COMMANDS[runtime.runtime].join(', ') })}</Typography.Text>
            <ExternalLink href={RUNTIME_HOME[runtime.runtime]} testId={`${testId}-get`}>
              {t('runtimes.getIt', { name })}
            </ExternalLink>
          </Flex>
        )}
        {runtime.problem ? <Alert type="warning" showIcon title={t('runtimes.notUsed', { problem: runtime.problem })} data-testid={`${testId}-problem`} /> : null}
        <RuntimePathField key={runtime.configuredPath ?? ''} runtime={runtime} onSave={onSetPath} />
      </Flex>
    </Card>
  )
}
