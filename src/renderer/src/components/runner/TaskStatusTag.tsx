import { Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { TaskStatus } from '@modelcontextprotocol/sdk/types.js'

const COLORS: Record<TaskStatus, string> = {
  working: 'processing',
  input_required: 'warning',
  completed: 'success',
  failed: 'error',
  cancelled: 'default'
}

/** Where an MCP task is, in words and colour; the task id is there for whoever reads the server's logs. */
export function TaskStatusTag({ task }: { task: { taskId: string; status: TaskStatus } }) {
  const { t } = useTranslation()
  return (
    <span>
      <Tag color={COLORS[task.status] ?? 'default'} data-testid="runner-task-status" data-status={task.status}>
        {t(`runner.taskStatus.${task.status}`, { defaultValue: task.status })}
      </Tag>
      <Typography.Text type="secondary" title={t('runner.taskId')}>
        {t('runner.taskLabel', { id: task.taskId })}
      </Typography.Text>
    </span>
  )
}
