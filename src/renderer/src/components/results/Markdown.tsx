import type { CSSProperties } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { Typography, theme } from 'antd'
import { ExternalLink } from './ExternalLink'
import './markdown.css'

// Remote images would be a request the user never asked for (and the CSP blocks them): show the
// alt text and where it points instead.
const components: Components = {
  a: ({ href, children }) => <ExternalLink href={href ?? ''}>{children}</ExternalLink>,
  img: ({ alt, src }) => <Typography.Text type="secondary">{`[${alt ?? ''}] ${typeof src === 'string' ? src : ''}`}</Typography.Text>
}

// GitHub-flavoured: tables, task lists, strikethrough and bare links, as servers write them
const remarkPlugins = [remarkGfm]

/** Text from a server, as markdown. Raw HTML is dropped, not rendered: servers are not trusted. */
export function Markdown({ text }: { text: string }) {
  const { token } = theme.useToken()
  const vars = {
    overflowWrap: 'anywhere',
    '--md-border': token.colorBorderSecondary,
    '--md-header': token.colorFillQuaternary,
    '--md-code': token.colorFillTertiary,
    '--md-code-font': token.fontFamilyCode
  } as CSSProperties
  return (
    <div className="mcp-markdown" style={vars}>
      <ReactMarkdown skipHtml remarkPlugins={remarkPlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
}
