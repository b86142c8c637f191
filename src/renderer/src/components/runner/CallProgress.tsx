import { Flex, Progress, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ProgressEvent } from '@shared/ipc/contract'
import { TaskStatusTag } from './TaskStatusTag'

/** The bar fed by the server's progress notifications, or a task's status, with its message. */
export function CallProgress({ progress }: { progress?: ProgressEvent }) {
  const { t } = useTranslation()
  const total = progress?.total
  const percent = progress && total ? Math.min(100, Math.round((progress.progress / total) * 100)) : undefined
  return (
    <Flex vertical gap={4} data-testid="runner-progress" data-progress={progress?.progress ?? ''}>
      {percent !== undefined ? (
        <Progress percent={percent} status="active" aria-label={t('runner.progress')} />
      ) : (
        <Flex gap={8} align="center">
          <Spin size="small" />
          {progress?.task ? (
            <TaskStatusTag task={progress.task} />
          ) : (
            <Typography.Text type="secondary">
              {progress ? t('runner.progressCount', { progress: progress.progress }) : t('runner.running')}
            </Typography.Text>
          )}
        </Flex>
      )}
      {progress && total ? (
        <Typography.Text type="secondary">{t('runner.progressOf', { progress: progress.progress, total })}</Typography.Text>
      ) : null}
      {progress?.message ? (
        <Typography.Text data-testid="runner-progress-message">{progress.message}</Typography.Text>
      ) : null}
    </Flex>
  )
}
