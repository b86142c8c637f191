import { Button, Card, Flex, Tag, Typography, theme } from 'antd'
import { CopyOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpServer } from '@shared/mcp/server'
import { ContentBlockView } from './ContentBlockView'
import { JsonTree } from './JsonTree'
import { StructuredContentCheck } from './StructuredContentCheck'
import { useCopyText } from '@renderer/hooks/useCopyText'

/**
 * A tool's result: every content block by type, structuredContent as a tree, isError in red.
 * `server` is where it came from, so its resource links can be read in place.
 */
export function ToolResultView({
  result,
  extra,
  server,
  outputSchema
}: {
  result: CallToolResult
  extra?: React.ReactNode
  server?: McpServer
  /** the tool's outputSchema: structuredContent is checked against it */
  outputSchema?: Tool['outputSchema']
}) {
  const { t } = useTranslation()
  const copyText = useCopyText()
  const isError = result.isError === true
  const { token } = theme.useToken()
  const copy = () => copyText(JSON.stringify(result, null, 2), { copied: t('results.copied'), failed: (reason) => t('results.copyFailed', { message: reason }) })
  return (
    <Card
      size="small"
      data-testid="tool-result"
      data-error={isError ? 'true' : 'false'}
      style={isError ? { borderColor: token.colorError } : undefined}
      title={
        <Flex gap={8} align="center">
          <span>{t('results.title')}</span>
          {isError ? (
            <Tag color="error" data-testid="result-is-error">
              {t('results.error')}
            </Tag>
          ) : (
            <Tag color="success">{t('results.success')}</Tag>
          )}
          {extra}
        </Flex>
      }
      extra={
        <Button size="small" icon={<CopyOutlined />} onClick={copy} data-testid="result-copy-json">
          {t('results.copyJson')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        {result.content.length === 0 && result.structuredContent === undefined ? (
          <Typography.Text type="secondary">{t('results.empty')}</Typography.Text>
        ) : null}
        {result.content.map((block, i) => (
          <div key={i} style={isError ? { color: token.colorError } : undefined}>
            <ContentBlockView block={block} server={server} />
          </div>
        ))}
        {result.structuredContent !== undefined ? (
          <div>
            <Typography.Text strong>{t('results.structured')}</Typography.Text>
            <JsonTree data={result.structuredContent} testId="result-structured" />
          </div>
        ) : null}
        <StructuredContentCheck result={result} outputSchema={outputSchema} />
      </Flex>
    </Card>
  )
}
