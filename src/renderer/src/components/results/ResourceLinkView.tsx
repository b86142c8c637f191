import { Button, Flex, Space, Typography } from 'antd'
import { EyeOutlined, LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ResourceLink } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { useServerResourceRead } from '@renderer/hooks/useServerResourceRead'
import { ExternalLink } from './ExternalLink'
import { ResourceReader } from './ResourceReader'

/** Read reads the link from the server that returned it, and shows what it holds right here. */
function ReadInPlace({ server, uri }: { server: McpServer; uri: string }) {
  const { t } = useTranslation()
  const { state, busy, read } = useServerResourceRead(server)
  return (
    <>
      <Button size="small" icon={<EyeOutlined />} loading={busy === uri} onClick={() => void read(uri)} data-testid="result-resource-link-read">
        {t('results.readResource')}
      </Button>
      {state ? (
        <div style={{ flexBasis: '100%' }} data-testid="result-resource-link-contents">
          <ResourceReader state={state} />
        </div>
      ) : null}
    </>
  )
}

/**
 * A resource_link block: its name and URI (a web URI also opens in the browser), and, when the
 * result came from a server, Read to see the resource in place.
 */
export function ResourceLinkView({ block, server }: { block: ResourceLink; server?: McpServer }) {
  const { t } = useTranslation()
  return (
    <Flex gap={8} align="center" wrap data-testid="result-resource-link">
      <LinkOutlined aria-label={t('results.resourceLink')} />
      <ExternalLink href={block.uri} testId="result-resource-link-uri">
        {block.name || block.uri}
      </ExternalLink>
      <Space size={4} wrap>
        {block.name && block.name !== block.uri ? <Typography.Text type="secondary">{block.uri}</Typography.Text> : null}
        {block.mimeType ? <Typography.Text type="secondary">({block.mimeType})</Typography.Text> : null}
        {block.description ? <Typography.Text type="secondary">{block.description}</Typography.Text> : null}
      </Space>
      {server ? <ReadInPlace server={server} uri={block.uri} /> : null}
    </Flex>
  )
}
