import ReactMarkdown, { type Components } from 'react-markdown'
import { Typography } from 'antd'
import { ExternalLink } from './ExternalLink'

// Remote images would be a request the user never asked for (and the CSP blocks them): show the
// alt text and where it points instead.
const components: Components = {
  a: ({ href, children }) => <ExternalLink href={href ?? ''}>{children}</ExternalLink>,
  img: ({ alt, src }) => <Typography.Text type="secondary">{`[${alt ?? ''}] ${typeof src === 'string' ? src : ''}`}</Typography.Text>
}

/** Text from a server, as markdown. Raw HTML is dropped, not rendered: servers are not trusted. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="mcp-markdown" style={{ overflowWrap: 'anywhere' }}>
      <ReactMarkdown skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  )
}
