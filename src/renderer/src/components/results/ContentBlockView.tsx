import { Card, Image, Space, Typography } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js'
import { dataUrl } from './dataUrl'
import { ExternalLink } from './ExternalLink'
import { JsonTree } from './JsonTree'
import { Markdown } from './Markdown'
import { ResourceContentsView } from './ResourceContentsView'

/** One content block of a tool result or a prompt message, by its type (X6). */
export function ContentBlockView({ block }: { block: ContentBlock }) {
  const { t } = useTranslation()
  switch (block.type) {
    case 'text':
      return (
        <div data-testid="result-text">
          <Markdown text={block.text} />
        </div>
      )
    case 'image':
      return (
        <Space orientation="vertical" data-testid="result-image">
          <Typography.Text type="secondary">{t('results.image', { mimeType: block.mimeType })}</Typography.Text>
          <Image src={dataUrl(block.mimeType, block.data)} alt={t('results.image', { mimeType: block.mimeType })} style={{ maxWidth: '100%' }} />
        </Space>
      )
    case 'audio':
      return (
        <Space orientation="vertical" data-testid="result-audio">
          <Typography.Text type="secondary">{t('results.audio', { mimeType: block.mimeType })}</Typography.Text>
          <audio controls src={dataUrl(block.mimeType, block.data)} />
        </Space>
      )
    case 'resource':
      return (
        <Card size="small" title={t('results.resource', { uri: block.resource.uri })} data-testid="result-resource">
          <ResourceContentsView contents={block.resource} />
        </Card>
      )
    case 'resource_link':
      return (
        <Space data-testid="result-resource-link" wrap>
          <LinkOutlined aria-label={t('results.resourceLink')} />
          <ExternalLink href={block.uri} testId="result-resource-link-uri">
            {block.name || block.uri}
          </ExternalLink>
          {block.name && block.name !== block.uri ? <Typography.Text type="secondary">{block.uri}</Typography.Text> : null}
          {block.description ? <Typography.Text type="secondary">{block.description}</Typography.Text> : null}
        </Space>
      )
    default: {
      // a content type newer than this app: show it rather than drop it
      const unknown = block as { type: string }
      return (
        <div data-testid="result-unknown">
          <Typography.Text type="secondary">{t('results.unknownType', { type: unknown.type })}</Typography.Text>
          <JsonTree data={unknown} />
        </div>
      )
    }
  }
}
