import { Button, Image, Space, Typography } from 'antd'
import { Preformatted } from './Preformatted'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import { base64Size, dataUrl, fileNameFor } from './dataUrl'
import { Markdown } from './Markdown'

type Contents = ReadResourceResult['contents'][number]

function isMarkdown(mimeType: string | undefined, uri: string): boolean {
  return mimeType === 'text/markdown' || /\.md$/i.test(uri)
}

/** Saves base64 content as a file through a blob URL: nothing is written by main. */
function download(uri: string, mimeType: string | undefined, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType || 'application/octet-stream' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileNameFor(uri)
  a.click()
  // the click has started the download; the URL is not needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** One entry of a read resource (or an embedded one in a tool result): text, image or a binary to download. */
export function ResourceContentsView({ contents }: { contents: Contents }) {
  const { t } = useTranslation()
  const { uri, mimeType } = contents
  if ('text' in contents && typeof contents.text === 'string') {
    if (isMarkdown(mimeType, uri)) {
      // a whole document: it scrolls in its box instead of pushing the rest of the tab away
      return (
        <div style={{ maxHeight: 480, overflow: 'auto' }} data-testid="resource-markdown">
          <Markdown text={contents.text} />
        </div>
      )
    }
    return (
      <Preformatted testId="resource-text">{contents.text}</Preformatted>
    )
  }
  const blob = 'blob' in contents && typeof contents.blob === 'string' ? contents.blob : ''
  if (mimeType?.startsWith('image/')) {
    return <Image src={dataUrl(mimeType, blob)} alt={uri} data-testid="resource-image" style={{ maxWidth: '100%' }} />
  }
  return (
    <Space data-testid="resource-binary">
      <Typography.Text type="secondary">
        {t('results.binary', { size: base64Size(blob), mimeType: mimeType ?? 'application/octet-stream' })}
      </Typography.Text>
      <Button size="small" icon={<DownloadOutlined />} onClick={() => download(uri, mimeType, blob)} data-testid="resource-download">
        {t('results.download')}
      </Button>
    </Space>
  )
}
