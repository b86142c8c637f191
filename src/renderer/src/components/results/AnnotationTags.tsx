import { Flex, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Annotations } from '@modelcontextprotocol/sdk/types.js'

/** A date as the user reads dates; a string that is not one is shown as the server sent it. */
function formatDate(value: string, language: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(language)
}

/**
 * What a server says about a block or a resource (who it is for, how much it matters, when it
 * changed), as small tags. Nothing when it says nothing.
 */
export function AnnotationTags({ annotations, testId = 'annotations' }: { annotations?: Annotations; testId?: string }) {
  const { t, i18n } = useTranslation()
  if (!annotations) return null
  const { audience, priority, lastModified } = annotations
  const tags: Array<{ key: string; text: string; title: string }> = []
  if (audience?.length) {
    const who = audience.map((role) => t(`results.annotations.roles.${role}`, { defaultValue: role })).join(', ')
    tags.push({ key: 'audience', text: t('results.annotations.audience', { who }), title: t('results.annotations.audienceHint') })
  }
  if (typeof priority === 'number') {
    tags.push({ key: 'priority', text: t('results.annotations.priority', { value: priority }), title: t('results.annotations.priorityHint') })
  }
  if (lastModified) {
    const date = formatDate(lastModified, i18n.language)
    tags.push({ key: 'lastModified', text: t('results.annotations.lastModified', { date }), title: lastModified })
  }
  if (tags.length === 0) return null
  return (
    <Flex gap={4} wrap data-testid={testId}>
      {tags.map((tag) => (
        <Tag key={tag.key} title={tag.title} style={{ marginInlineEnd: 0 }} data-testid={`${testId}-${tag.key}`}>
          {tag.text}
        </Tag>
      ))}
    </Flex>
  )
}
