import { Card, Flex, Image, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { AnnotationTags } from './AnnotationTags'
import { dataUrl } from './dataUrl'
import { JsonTree } from './JsonTree'
import { ResourceContentsView } from './ResourceContentsView'
import { ResourceLinkView } from './ResourceLinkView'
import { TextBlockView } from './TextBlockView'

interface BlockProps {
  block: ContentBlock
  /** the server the block came from: a resource link in it can then be read in place */
  server?: McpServer
}

/** The block itself, by its type. */
function BlockBody({ block, server }: BlockProps) {
  const { t } = useTranslation()
  switch (block.type) {
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
      return <ResourceLinkView block={block} server={server} />
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

/** One content block of a tool result or a prompt message, with what the server annotated it with. */
export function ContentBlockView({ block, server }: BlockProps) {
  const annotations = 'annotations' in block ? block.annotations : undefined
  const tags = annotations ? <AnnotationTags annotations={annotations} /> : null
  // a text block has a row of its own for its format switch: the tags share it
  if (block.type === 'text') return <TextBlockView text={block.text} header={tags} />
  if (!tags) return <BlockBody block={block} server={server} />
  return (
    <Flex vertical gap={4}>
      {tags}
      <BlockBody block={block} server={server} />
    </Flex>
  )
}
