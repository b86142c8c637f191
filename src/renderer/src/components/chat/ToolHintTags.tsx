import { Flex, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'

/** A tool's own hints as tags: destructive in red; only the hints the server declared true. */
export function ToolHintTags({ annotations }: { annotations?: ToolAnnotations }) {
  const { t } = useTranslation()
  if (!annotations) return null
  const tags = [
    annotations.readOnlyHint ? ({ key: 'readOnly', color: 'green' } as const) : null,
    annotations.destructiveHint ? ({ key: 'destructive', color: 'red' } as const) : null,
    annotations.idempotentHint ? ({ key: 'idempotent', color: 'blue' } as const) : null,
    annotations.openWorldHint ? ({ key: 'openWorld', color: 'orange' } as const) : null
  ].filter((tag) => tag !== null)
  if (tags.length === 0) return null
  return (
    <Flex gap={4} wrap data-testid="chat-approval-hints">
      {tags.map((tag) => (
        <Tag key={tag.key} color={tag.color} style={{ marginInlineEnd: 0 }} data-testid={`chat-approval-hint-${tag.key}`}>
          {t(`chat.approval.${tag.key}`)}
        </Tag>
      ))}
    </Flex>
  )
}
